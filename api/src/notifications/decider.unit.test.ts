import { describe, it } from 'vitest';
import { specification } from '../../../test/support/decider-spec.js';
import { inboxDecider } from './decider.js';
import type { InboxEvent } from './events.js';

const { given } = specification(inboxDecider);
const now = new Date('2026-11-23T12:00:00.000Z');
const at = now.toISOString();
const deleted: InboxEvent = { type: 'NotificationDeleted', data: { notificationId: 'n1', at } };

describe('inbox decider', () => {
  it('records read, unread and delete of one notification, with the time given', () => {
    given().when({ type: 'MarkRead', notificationId: 'n1', now }).then([{ type: 'NotificationRead', data: { notificationId: 'n1', at } }]);
    given().when({ type: 'MarkUnread', notificationId: 'n1', now }).then([{ type: 'NotificationMarkedUnread', data: { notificationId: 'n1', at } }]);
    given().when({ type: 'Delete', notificationId: 'n1', now }).then([{ type: 'NotificationDeleted' }]);
  });

  it('marks all read and clears all up to now', () => {
    given().when({ type: 'MarkAllRead', now }).then([{ type: 'AllNotificationsRead', data: { upTo: at } }]);
    given().when({ type: 'DeleteAll', now }).then([{ type: 'AllNotificationsDeleted', data: { upTo: at } }]);
  });

  it('keeps a deleted notification deleted: reading it again is a 404, others are untouched', () => {
    given(deleted).when({ type: 'MarkRead', notificationId: 'n1', now }).thenThrows(404, /deleted/);
    given(deleted).when({ type: 'Delete', notificationId: 'n1', now }).thenThrows(404, /deleted/);
    given(deleted).when({ type: 'MarkRead', notificationId: 'n2', now }).then([{ type: 'NotificationRead' }]);
  });
});
