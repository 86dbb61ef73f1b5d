// The notification centre over HTTP, for the signed-in user only:
//   GET    /api/notifications               newest first (200 at most), with the unread count
//   POST   /api/notifications/:id/read      mark one read       (404 unless it is theirs)
//   POST   /api/notifications/:id/unread    mark one unread again
//   DELETE /api/notifications/:id           delete one
//   POST   /api/notifications/read-all      mark every one read
//   DELETE /api/notifications               delete every one
// The list is the `notifications` read model; each change is an event on `inbox-<userId>`, and the
// answer waits for the read model to show it.
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../accounts/auth.js';
import { handleCommand } from '../domain/command-handler.js';
import { notFound } from '../errors.js';
import type { App } from '../http/app.js';
import { commandContext } from '../http/context.js';
import { errorResponses } from '../http/openapi.js';
import {
  notificationChangedSchema,
  notificationIdParamsSchema,
  notificationListSchema,
  type NotificationList,
  type NotificationView,
} from '../schemas/notifications.js';
import { inboxDecider, inboxStream, type InboxCommand } from './decider.js';
import { NotificationMailSender } from './mail-sender.js';

declare module 'fastify' {
  interface FastifyInstance {
    notificationMail: NotificationMailSender;
  }
}

const READ_MODELS = ['notifications'] as const;
const LIST_LIMIT = 200;

interface NotificationRow {
  id: string;
  type: NotificationView['type'];
  priority: NotificationView['priority'];
  title: string;
  message: string;
  tr_number: string | null;
  created_at: Date;
  read: boolean;
}

export async function notificationRoutes(app: App): Promise<void> {
  const { pool, store, config, logger } = app.deps;

  // The e-mails for the topics users left on: sent by every API instance, each row claimed once.
  const mail = new NotificationMailSender(pool, app.mailer, logger.child({ component: 'notification-mail' }), config.publicUrl);
  app.decorate('notificationMail', mail);
  app.addHook('onReady', async () => mail.start(config.NOTIFICATION_MAIL_INTERVAL_MS));
  app.addHook('onClose', async () => mail.stop());

  async function list(userId: string): Promise<NotificationList> {
    const { rows } = await pool.query<NotificationRow>(
      `SELECT id, type, priority, title, message, tr_number, created_at, read FROM notifications
        WHERE user_id = $1 AND NOT deleted ORDER BY created_at DESC, id LIMIT $2`,
      [userId, LIST_LIMIT],
    );
    const { rows: counted } = await pool.query<{ unread: number }>(
      'SELECT count(*)::int AS unread FROM notifications WHERE user_id = $1 AND NOT deleted AND NOT read',
      [userId],
    );
    return {
      notifications: rows.map((row) => ({
        id: row.id,
        type: row.type,
        priority: row.priority,
        title: row.title,
        message: row.message,
        trNumber: row.tr_number,
        timestamp: row.created_at.toISOString(),
        read: row.read,
      })),
      unread: counted[0]?.unread ?? 0,
    };
  }

  app.get('/notifications', { config: { signedIn: true }, schema: { tags: ['notifications'], response: { 200: notificationListSchema, ...errorResponses(401) } } }, async (request) =>
    list(requireUser(request).id),
  );

  async function change(userId: string, command: InboxCommand, context: ReturnType<typeof commandContext>) {
    const result = await handleCommand(store, inboxStream(userId), inboxDecider, command, context);
    await app.waitForProjections(result.appended?.position, READ_MODELS);
    return { success: true as const };
  }

  const one = (type: 'MarkRead' | 'MarkUnread' | 'Delete') => async (request: FastifyRequest) => {
    const user = requireUser(request);
    const { id } = notificationIdParamsSchema.parse(request.params);
    const { rowCount } = await pool.query('SELECT 1 FROM notifications WHERE id = $1 AND user_id = $2 AND NOT deleted', [id, user.id]);
    if (!rowCount) throw notFound('No such notification.');
    const context = commandContext(request);
    return change(user.id, { type, notificationId: id, now: context.now }, context);
  };

  const changed = { config: { signedIn: true }, schema: { tags: ['notifications'], response: { 200: notificationChangedSchema, ...errorResponses(400, 401, 404) } } };
  app.post('/notifications/read-all', changed, async (request) => {
    const user = requireUser(request);
    const context = commandContext(request);
    return change(user.id, { type: 'MarkAllRead', now: context.now }, context);
  });
  app.delete('/notifications', changed, async (request) => {
    const user = requireUser(request);
    const context = commandContext(request);
    return change(user.id, { type: 'DeleteAll', now: context.now }, context);
  });
  app.post('/notifications/:id/read', changed, one('MarkRead'));
  app.post('/notifications/:id/unread', changed, one('MarkUnread'));
  app.delete('/notifications/:id', changed, one('Delete'));
}
