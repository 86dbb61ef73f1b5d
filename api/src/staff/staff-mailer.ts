// How the staff feature sends e-mail (invitations). The shape matches the app's mail port; until
// that port is wired, messages are queued in `outbox_emails` like every other e-mail today.
import type { Queryable } from '../accounts/user-keys.js';

export interface StaffMailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

export interface StaffMailer {
  send(message: StaffMailMessage): Promise<void>;
}

export function outboxMailer(db: Queryable): StaffMailer {
  return {
    async send(message) {
      await db.query('INSERT INTO outbox_emails (to_email, subject, body) VALUES ($1, $2, $3)', [message.to, message.subject, message.text]);
    },
  };
}
