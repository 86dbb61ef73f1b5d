// The auditors' run record: every `npm run audit -- replay | verify-log | verify-anchors` and every verify-log started
// from the audit page leaves a row with its verdict, so /audit can show the last results.
//
// A server-side verify-log (`startServerVerifyLog`) MUST run at most once at a time across every
// instance: it holds a session advisory lock on a connection of its own for the whole run, and a
// second request while it runs is refused (409), never queued. The lock dies with its connection, so
// a run whose process died is closed as interrupted by the next one that takes the lock.
import type pg from 'pg';
import { ledgerCheckpointReader } from './ledger-chain-reader.js';
import type { Migration } from '../db/migrate.js';
import { conflict } from '../errors.js';
import type { AuditRun } from '../schemas/transparency.js';
import type { LogSource } from './log-store.js';
import { verifyLog, type LogVerdict } from './verify-log.js';

export const auditRunMigrations: readonly Migration[] = [
  {
    id: 'eventstore/004-audit-runs',
    sql: `
      CREATE TABLE audit_runs (
        id bigserial PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('replay', 'verify-log')),
        status text NOT NULL CHECK (status IN ('running', 'ok', 'failed')),
        summary text NOT NULL,
        first_bad_position bigint,
        source text NOT NULL CHECK (source IN ('cli', 'api')),
        started_at timestamptz NOT NULL,
        completed_at timestamptz
      );
      CREATE INDEX audit_runs_newest ON audit_runs (id DESC);
    `,
  },
  {
    id: 'eventstore/006-audit-runs-started-by',
    sql: `
      -- Who started a run from the audit page: every staff action is attributed (the CLI's runs are
      -- the operator's, at a shell, and keep NULL).
      ALTER TABLE audit_runs ADD COLUMN started_by_id uuid, ADD COLUMN started_by_email text;
    `,
  },
  {
    id: 'eventstore/007-audit-runs-verify-anchors',
    sql: `
      -- npm run audit -- verify-anchors records its verdict too (the ledger's check of every batch root).
      ALTER TABLE audit_runs DROP CONSTRAINT audit_runs_kind_check,
        ADD CONSTRAINT audit_runs_kind_check CHECK (kind IN ('replay', 'verify-log', 'verify-anchors'));
    `,
  },
];

type Queryable = pg.Pool | pg.PoolClient;

interface AuditRunRow {
  id: string;
  kind: AuditRun['kind'];
  status: AuditRun['status'];
  summary: string;
  first_bad_position: string | null;
  source: AuditRun['source'];
  started_by_id: string | null;
  started_by_email: string | null;
  started_at: Date;
  completed_at: Date | null;
}

const toRun = (row: AuditRunRow): AuditRun => ({
  id: Number(row.id),
  kind: row.kind,
  status: row.status,
  summary: row.summary,
  firstBadPosition: row.first_bad_position === null ? null : Number(row.first_bad_position),
  source: row.source,
  startedBy: row.started_by_id === null ? null : { id: row.started_by_id, email: row.started_by_email ?? '' },
  startedAt: row.started_at.toISOString(),
  completedAt: row.completed_at?.toISOString() ?? null,
});

export interface CompletedAuditRun {
  readonly kind: AuditRun['kind'];
  readonly ok: boolean;
  readonly summary: string;
  readonly firstBadPosition?: number | null;
  readonly source: AuditRun['source'];
  readonly startedAt: Date;
  readonly completedAt: Date;
}

/** Records a finished run (what `npm run audit` does after printing its verdict). */
export async function recordAuditRun(db: Queryable, run: CompletedAuditRun): Promise<AuditRun> {
  const { rows } = await db.query<AuditRunRow>(
    `INSERT INTO audit_runs (kind, status, summary, first_bad_position, source, started_at, completed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
    [run.kind, run.ok ? 'ok' : 'failed', run.summary, run.firstBadPosition ?? null, run.source, run.startedAt, run.completedAt],
  );
  return toRun(rows[0]!);
}

/** The latest runs, newest first. */
export async function listAuditRuns(db: Queryable, limit = 20): Promise<AuditRun[]> {
  const { rows } = await db.query<AuditRunRow>('SELECT * FROM audit_runs ORDER BY id DESC LIMIT $1', [limit]);
  return rows.map(toRun);
}

/** One line for a verify-log verdict: what the CLI prints and the run record keeps. */
export function verifyLogSummary(verdict: LogVerdict): string {
  if (!verdict.ok) return `verify-log: FAILED — ${verdict.reason}`;
  const unlogged = verdict.unlogged > 0 ? `; ${verdict.unlogged} newer events not logged yet` : '';
  const checked = verdict.anchors?.checked ?? 0;
  const skipped = verdict.anchors?.skipped.length ?? 0;
  // What the chain confirmed is part of the verdict: a run that could not look says so.
  const onChain =
    checked + skipped === 0
      ? '; no checkpoint anchored yet'
      : `; ${checked} anchored checkpoint root(s) match the chain${skipped > 0 ? `, ${skipped} not checked (${verdict.anchors!.skipped[0]}${skipped > 1 ? ', …' : ''})` : ''}`;
  return `verify-log: OK — ${verdict.treeSize} events recomputed into the tree, ${verdict.checkpoints} checkpoints signed and consistent${onChain}${unlogged}`;
}

const VERIFY_LOCK_KEY = 0x61756476; // "audv"

const VERIFY_LOG_RUNNING = 'A verify-log run is already under way; its verdict will show in the run list.';

/**
 * Starts verify-log on the server and answers at once with the run's row (status `running`); the
 * verdict is written to the same row when the check ends. Refused with 409 while another run holds
 * the lock (on this instance or another).
 */
export async function startServerVerifyLog(
  pool: pg.Pool,
  source: LogSource,
  options: {
    readonly vkey: () => Promise<string | readonly string[]>;
    /** The staff member who asked for it (recorded with the run). */
    readonly startedBy: { readonly id: string; readonly email: string };
    readonly now?: () => Date;
    readonly onError?: (error: unknown) => void;
  },
): Promise<{ run: AuditRun; done: Promise<AuditRun> }> {
  const now = options.now ?? (() => new Date());
  const client = await pool.connect();
  let release = true;
  try {
    const { rows: locked } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [VERIFY_LOCK_KEY]);
    if (!locked[0]?.ok) throw conflict(VERIFY_LOG_RUNNING);
    // Holding the lock, any row still running belongs to a process that died mid-run.
    await client.query(
      `UPDATE audit_runs SET status = 'failed', summary = 'verify-log: interrupted (the server running it stopped)', completed_at = $1
        WHERE kind = 'verify-log' AND status = 'running'`,
      [now()],
    );
    const { rows } = await client.query<AuditRunRow>(
      `INSERT INTO audit_runs (kind, status, summary, source, started_at, started_by_id, started_by_email)
       VALUES ('verify-log', 'running', 'verify-log: running', 'api', $1, $2, $3) RETURNING *`,
      [now(), options.startedBy.id, options.startedBy.email],
    );
    const started = toRun(rows[0]!);
    release = false;
    const done = (async () => {
      try {
        let verdict: LogVerdict;
        try {
          const chain = await ledgerCheckpointReader(pool);
          verdict = await verifyLog(pool, source, { vkey: await options.vkey(), ...(chain ? { chain: chain.reader } : {}) });
        } catch (error) {
          verdict = { ok: false, position: null, checkpoint: null, reason: `the check could not run: ${(error as Error).message}` };
        }
        const { rows: finished } = await client.query<AuditRunRow>(
          `UPDATE audit_runs SET status = $2, summary = $3, first_bad_position = $4, completed_at = $5 WHERE id = $1 RETURNING *`,
          [started.id, verdict.ok ? 'ok' : 'failed', verifyLogSummary(verdict), verdict.ok ? null : verdict.position, now()],
        );
        return toRun(finished[0]!);
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [VERIFY_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    })();
    done.catch((error: unknown) => options.onError?.(error));
    return { run: started, done };
  } finally {
    if (release) client.release();
  }
}
