// The mail port: every e-mail the app sends (password resets, staff invitations…) goes through
// `Mailer.send`. With SMTP_URL, nodemailer sends it over SMTP; without, nodemailer still builds
// the message and it is written as an .eml file under DATA_DIR/mail, with its links logged, so a
// developer can open a reset link from the console or the file. No route shows mail to a stranger:
// the dev outbox (dev-outbox.ts) exists only when DEV_OUTBOX=1 is set.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config.js';

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
}

export interface Mailer {
  /** Where messages go: an SMTP server, or .eml files in a folder. */
  readonly kind: 'smtp' | 'files';
  /** Resolves once the message is handed to the SMTP server or written to disk; rejects otherwise. */
  send(message: MailMessage): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

const LINK = /https?:\/\/[^\s<>"]+/g;

/** SMTP_URL set: a pooled nodemailer SMTP transport. */
class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly transport;

  constructor(url: string, from: string) {
    this.transport = nodemailer.createTransport(url, { from });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ to: message.to, subject: message.subject, text: message.text, ...(message.html ? { html: message.html } : {}) });
  }
}

/** No SMTP server: nodemailer's stream transport builds the message; it is kept as DATA_DIR/mail/<time>-<id>.eml. */
class FileMailer implements Mailer {
  readonly kind = 'files' as const;
  private readonly transport;

  constructor(
    readonly folder: string,
    from: string,
    private readonly log: Logger,
  ) {
    this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from });
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ to: message.to, subject: message.subject, text: message.text, ...(message.html ? { html: message.html } : {}) });
    await mkdir(this.folder, { recursive: true, mode: 0o700 });
    const file = path.join(this.folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
    // 0600: the file may hold a password-reset link.
    await writeFile(file, info.message as Buffer, { mode: 0o600 });
    this.log.info({ file, subject: message.subject, links: message.text.match(LINK) ?? [] }, `e-mail written to ${file} (no SMTP_URL set)`);
  }
}

export function createMailer(config: Config, log: Logger): Mailer {
  if (config.SMTP_URL) return new SmtpMailer(config.SMTP_URL, config.MAIL_FROM);
  if (config.NODE_ENV === 'production') log.warn('SMTP_URL is not set: e-mail (password resets…) is written to DATA_DIR/mail and not delivered');
  return new FileMailer(path.join(config.dataDir, 'mail'), config.MAIL_FROM, log);
}
