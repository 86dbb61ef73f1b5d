// Sends the notification e-mails the `notifications` read model queues (`notification_outbox`),
// through the mail port, to users who left that topic on (and e-mail notifications at all):
// payment → paymentUpdates, registration → registrationUpdates, security → securityAlerts. Each row
// is claimed before it is sent, so two API instances never send one twice; one older than a day
// when first seen (a log replayed into a new database) is skipped, not sent late.
import type pg from 'pg';
import type { Logger } from 'pino';
import { Every } from '../mail/every.js';
import type { Mailer } from '../mail/mailer.js';

const TOO_LATE_MS = 24 * 60 * 60 * 1000;
const BATCH = 50;

interface Due {
  notification_id: string;
  type: 'payment' | 'registration' | 'security';
  subject: string;
  body: string;
  created_at: Date;
  email: string | null;
  wanted: boolean | null;
}

export class NotificationMailSender {
  private readonly every: Every;

  constructor(
    private readonly pool: pg.Pool,
    private readonly mailer: Mailer,
    private readonly logger: Logger,
    private readonly publicUrl: string,
  ) {
    this.every = new Every(() => this.drain(), logger, 'notification e-mails: drain failed');
  }

  /** Sends what is due now; resolves with how many e-mails went out. */
  async drain(now = new Date()): Promise<number> {
    const { rows } = await this.pool.query<Due>(
      `WITH claimed AS (
         UPDATE notification_outbox SET claimed_at = $1
          WHERE notification_id IN (SELECT notification_id FROM notification_outbox WHERE claimed_at IS NULL
                                     ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)
          RETURNING notification_id, user_id, type, subject, body, created_at)
       SELECT c.notification_id, c.type, c.subject, c.body, c.created_at, u.email,
              u.email_notifications AND CASE c.type WHEN 'payment' THEN u.payment_updates
                                                    WHEN 'registration' THEN u.registration_updates
                                                    ELSE u.security_alerts END AS wanted
         FROM claimed c LEFT JOIN users u ON u.id::text = c.user_id`,
      [now, BATCH],
    );
    let sent = 0;
    for (const row of rows) {
      const outcome = await this.sendOne(row, now);
      if (outcome === 'sent') sent += 1;
      await this.pool.query('UPDATE notification_outbox SET outcome = $2 WHERE notification_id = $1', [row.notification_id, outcome]);
    }
    return sent;
  }

  private async sendOne(row: Due, now: Date): Promise<string> {
    if (!row.email) return 'skipped: no account';
    if (!row.wanted) return 'skipped: topic off';
    if (now.getTime() - row.created_at.getTime() > TOO_LATE_MS) return 'skipped: too old';
    try {
      await this.mailer.send({
        to: row.email,
        subject: row.subject,
        text: `${row.body}\n\nSee all your notifications: ${this.publicUrl}/notifications\nChoose which e-mails you get: ${this.publicUrl}/notification-settings\n`,
      });
      return 'sent';
    } catch (error) {
      this.logger.warn({ err: error, notificationId: row.notification_id }, 'notification e-mail not sent');
      return 'failed';
    }
  }

  start(intervalMs: number): void {
    this.every.start(intervalMs);
  }

  async stop(): Promise<void> {
    await this.every.stop();
  }
}
