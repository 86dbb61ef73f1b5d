// What a user did with their notifications, on stream `inbox-<userId>`: read, unread again,
// deleted, all read up to a moment. The notifications themselves are built from the log by the
// `notifications` projection; these events are what keeps the user's choices through a rebuild.
import { z } from 'zod';
import { defineEvents, type EventsOf } from '../events/define.js';

const notificationId = z.string().min(1).max(200);
const isoTime = z.iso.datetime();

export const inboxEvents = defineEvents({
  NotificationRead: { schemaVersion: 1, schema: z.object({ notificationId, at: isoTime }) },
  NotificationMarkedUnread: { schemaVersion: 1, schema: z.object({ notificationId, at: isoTime }) },
  NotificationDeleted: { schemaVersion: 1, schema: z.object({ notificationId, at: isoTime }) },
  AllNotificationsRead: { schemaVersion: 1, schema: z.object({ upTo: isoTime }) },
  AllNotificationsDeleted: { schemaVersion: 1, schema: z.object({ upTo: isoTime }) },
});

export type InboxEvent = EventsOf<typeof inboxEvents>;
