// The inbox decider: a user's choices about their notifications. Pure: the notification (already
// found to be theirs by the caller) and the time come with the command. A deleted notification stays
// deleted; read and unread are recorded as said (applying one twice changes nothing in the read model).
import { assertNever, type Decider } from '../domain/decider.js';
import { notFound } from '../errors.js';
import { streamEventTypes } from '../events/index.js';
import type { InboxEvent } from './events.js';

export const inboxStream = (userId: string) => `inbox-${userId}`;

export interface InboxState {
  readonly deleted: ReadonlySet<string>;
}

export type InboxCommand =
  | { readonly type: 'MarkRead' | 'MarkUnread' | 'Delete'; readonly notificationId: string; readonly now: Date }
  | { readonly type: 'MarkAllRead' | 'DeleteAll'; readonly now: Date };

export const inboxDecider: Decider<InboxState, InboxCommand, InboxEvent> = {
  eventTypes: streamEventTypes('inbox'),
  initialState: { deleted: new Set() },

  decide(command, state) {
    const at = command.now.toISOString();
    switch (command.type) {
      case 'MarkAllRead':
        return [{ type: 'AllNotificationsRead', data: { upTo: at } }];
      case 'DeleteAll':
        return [{ type: 'AllNotificationsDeleted', data: { upTo: at } }];
      case 'MarkRead':
      case 'MarkUnread':
      case 'Delete': {
        const { notificationId } = command;
        if (state.deleted.has(notificationId)) throw notFound('This notification was deleted.');
        const type = command.type === 'MarkRead' ? 'NotificationRead' : command.type === 'MarkUnread' ? 'NotificationMarkedUnread' : 'NotificationDeleted';
        return [{ type, data: { notificationId, at } }];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'NotificationDeleted':
        return { deleted: new Set(state.deleted).add(event.data.notificationId) };
      // Only deletions matter here; "all read / deleted" cover notifications the stream does not name:
      // the read model applies them by time.
      case 'NotificationRead':
      case 'NotificationMarkedUnread':
      case 'AllNotificationsRead':
      case 'AllNotificationsDeleted':
        return state;
      default:
        return assertNever(event);
    }
  },
};
