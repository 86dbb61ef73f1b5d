// E-mail as tests see it: the dev outbox (an app started with DEV_OUTBOX=1) and the .eml files the
// app writes under DATA_DIR/mail when no SMTP_URL is set. The e-mail is sent in the background,
// so both wait for it to arrive.
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { vi } from 'vitest';
import type { Send } from './flows.js';

export interface OutboxMail {
  readonly to: string;
  readonly subject: string;
  readonly body: string;
}

/** The newest dev-outbox e-mail to `to`, once it has been sent. */
export async function outboxMail(send: Send, to: string): Promise<OutboxMail> {
  return vi.waitFor(
    async () => {
      const reply = await send({ method: 'GET', url: '/api/dev/outbox' });
      if (reply.status !== 200) throw new Error(`GET /api/dev/outbox answered ${reply.status}: start the app with DEV_OUTBOX=1`);
      const mail = reply.json<{ emails: OutboxMail[] }>().emails.find((m) => m.to === to);
      if (!mail) throw new Error(`no e-mail to ${to} in the dev outbox yet`);
      return mail;
    },
    { timeout: 90_000, interval: 20 },
  );
}

/**
 * The .eml files under `folder` (parsed) addressed to `to`, once there is at least one. Only files
 * naming `to` are parsed: a folder given to several apps (a DATA_DIR passed on purpose, or ./data)
 * can hold many (parsing 1,467 of them on each poll took 8-11 s on a loaded machine).
 */
export async function emlFilesTo(folder: string, to: string, options: { timeout?: number } = {}): Promise<{ file: string; mail: ParsedMail }[]> {
  return vi.waitFor(
    async () => {
      const names = (await readdir(folder).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
      const raws = await Promise.all(names.map(async (n) => ({ file: path.join(folder, n), raw: await readFile(path.join(folder, n)) })));
      const files = await Promise.all(raws.filter((f) => f.raw.includes(to)).map(async (f) => ({ file: f.file, mail: await simpleParser(f.raw) })));
      const found = files.filter((f) => f.mail.to && !Array.isArray(f.mail.to) && f.mail.to.value.some((a) => a.address === to));
      if (found.length === 0) throw new Error(`no .eml file in ${folder} to ${to} yet`);
      return found;
    },
    { timeout: options.timeout ?? 90_000, interval: 50 },
  );
}

/** The reset token in the text of a password-reset e-mail. */
export function resetTokenIn(text: string): string {
  const token = /forgot-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no reset link in: ${text}`);
  return token;
}
