// The development outbox, on only with DEV_OUTBOX=1 (tests and local demos; config refuses it in
// production): every message sent is also kept in `outbox_emails` and listed, newest first, at
// GET /api/dev/outbox. Without the flag neither the copy nor the route exists.
import type pg from 'pg';
import type { App } from '../http/app.js';
import { devOutboxSchema } from '../schemas/accounts.js';
import type { MailMessage, Mailer } from './mailer.js';

/** Sends through `inner`, then keeps a copy for the dev outbox. */
export function recordingMailer(inner: Mailer, pool: pg.Pool): Mailer {
  return {
    kind: inner.kind,
    async send(message: MailMessage) {
      await inner.send(message);
      await pool.query('INSERT INTO outbox_emails (to_email, subject, body) VALUES ($1, $2, $3)', [message.to, message.subject, message.text]);
    },
  };
}

/** Deletes the copies sent to `email` (an account deleted: nothing about the person stays). */
export async function forgetMailTo(db: Pick<pg.Pool, 'query'>, email: string): Promise<void> {
  await db.query('DELETE FROM outbox_emails WHERE lower(to_email) = lower($1)', [email]);
}

export async function devOutboxRoutes(app: App): Promise<void> {
  app.get('/dev/outbox', { schema: { tags: ['development'], summary: 'The e-mail sent (DEV_OUTBOX=1 only)', response: { 200: devOutboxSchema } } }, async () => {
    const { rows } = await app.deps.pool.query<{ id: string; to: string; subject: string; body: string; createdAt: Date }>(
      'SELECT id, to_email AS "to", subject, body, created_at AS "createdAt" FROM outbox_emails ORDER BY id DESC LIMIT 50',
    );
    return { emails: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
  });
}
