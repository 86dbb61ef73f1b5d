// Tells the support team about new requests, when SUPPORT_TEAM_EMAIL names its inbox: every API
// process looks at the support inbox's read model now and then, claims the open requests of the last
// day nobody has announced yet (`support_team_alerts`: one claim per request across processes), and
// sends one e-mail listing them, urgent first. The e-mail carries the ticket number, priority, issue
// type and time, and a link to the admin portal's Support tab; nothing the sender wrote, since the form
// is open to anyone: staff read the request in the portal. An e-mail that fails gives its claims back,
// so the next look sends them again; a claim whose process stopped during the send (never marked
// sent) is taken again after CLAIM_TIMEOUT.
import type pg from 'pg';
import type { Logger } from 'pino';
import { Every } from '../mail/every.js';
import type { Mailer } from '../mail/mailer.js';
import { supportIssueTypeLabels, supportPriorityLabels, supportResponseTimes, type SupportIssueType, type SupportPriority } from '../schemas/support.js';

/** Requests older than this when first seen (a log replayed into a new database) are not announced. */
const TOO_LATE = '1 day';
/** Far beyond any e-mail's send: a claim this old and not sent was left by a process that stopped. */
const CLAIM_TIMEOUT = '10 minutes';
const BATCH = 100;

interface Claimed {
  id: string;
  ticket_number: string;
  priority: SupportPriority;
  issue_type: SupportIssueType;
  submitted_at: Date;
}

export class SupportTeamAlerts {
  readonly #every: Every;

  constructor(
    private readonly pool: pg.Pool,
    private readonly mailer: Mailer,
    private readonly to: string,
    private readonly publicUrl: string,
    logger: Logger,
  ) {
    this.#every = new Every(() => this.drain(), logger, 'support team e-mail: not sent, tried again at the next look');
  }

  /** Announces the requests not announced yet; resolves with how many the e-mail listed (0: none sent). */
  async drain(now = new Date()): Promise<number> {
    const { rows } = await this.pool.query<Claimed>(
      `WITH fresh AS (
         SELECT r.id FROM support_requests r
          WHERE r.status = 'open' AND r.submitted_at > $1::timestamptz - $2::interval
            AND NOT EXISTS (SELECT 1 FROM support_team_alerts a
                             WHERE a.request_id = r.id AND (a.sent_at IS NOT NULL OR a.claimed_at > $1::timestamptz - $4::interval))
          ORDER BY r.submitted_at LIMIT $3),
       claimed AS (
         INSERT INTO support_team_alerts AS a (request_id, claimed_at) SELECT id, $1 FROM fresh
         ON CONFLICT (request_id) DO UPDATE SET claimed_at = EXCLUDED.claimed_at
          WHERE a.sent_at IS NULL AND a.claimed_at <= $1::timestamptz - $4::interval
         RETURNING request_id)
       SELECT r.id, r.ticket_number, r.priority, r.issue_type, r.submitted_at
         FROM claimed c JOIN support_requests r ON r.id = c.request_id
        ORDER BY r.priority_rank, r.submitted_at`,
      [now, TOO_LATE, BATCH, CLAIM_TIMEOUT],
    );
    if (rows.length === 0) return 0;
    const ids = rows.map((row) => row.id);
    try {
      await this.mailer.send({ to: this.to, ...teamAlert(rows, this.publicUrl) });
    } catch (error) {
      await this.pool.query('DELETE FROM support_team_alerts WHERE request_id = ANY($1)', [ids]);
      throw error;
    }
    await this.pool.query('UPDATE support_team_alerts SET sent_at = $2 WHERE request_id = ANY($1)', [ids, now]);
    return rows.length;
  }

  start(intervalMs: number): void {
    this.#every.start(intervalMs);
  }

  async stop(): Promise<void> {
    await this.#every.stop();
  }
}

/** The team's e-mail for these requests: one line each, urgent first. */
export function teamAlert(requests: readonly Omit<Claimed, 'id'>[], publicUrl: string): { subject: string; text: string } {
  const urgent = requests.filter((r) => r.priority === 'urgent').length;
  const subject =
    (requests.length === 1 ? `New support request ${requests[0]!.ticket_number}` : `${requests.length} new support requests`) +
    (urgent > 0 ? ` (${urgent === requests.length && urgent === 1 ? 'urgent' : `${urgent} urgent`})` : '');
  const lines = requests.map(
    (r) =>
      `${r.ticket_number}  ${supportPriorityLabels[r.priority].label} (answer within ${supportResponseTimes[r.priority]})  ` +
      `${supportIssueTypeLabels[r.issue_type].label}  ${r.submitted_at.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  );
  return {
    subject,
    text:
      `${requests.length === 1 ? 'A support request is' : 'Support requests are'} waiting in the admin portal:\n\n${lines.join('\n')}\n\n` +
      `Read and answer ${requests.length === 1 ? 'it' : 'them'} in the Support tab: ${publicUrl}/admin?tab=support\n` +
      'Reply to the sender by e-mail, then mark the request resolved there.\n',
  };
}
