// GET /api/health: each component's state and, when it is not ok, why.
//
// - `down` (HTTP 503): this instance cannot serve (its database does not answer, a service beside it
//   is down). A load balancer should take it out of rotation.
// - `degraded` (HTTP 200): it serves, but something shared is wrong: a read model more than
//   HEALTH_MAX_LAG_SECONDS or HEALTH_MAX_LAG_EVENTS behind the log, failing, or holding parked events,
//   or the ledger degraded. Every replica shares those, so taking instances out would only turn a
//   partial outage into a whole one; monitoring alerts on `status` instead.
// Read-model lag comes from the database (checkpoints, the log, `projection_failures`), so it is
// true whether the projections run in this process or elsewhere. Each change of a component's
// state is logged once.
import type { FastifyPluginAsync } from 'fastify';
import { formatPosition, type EventStore, type Position } from '../eventstore/index.js';
import type pg from 'pg';
import { isUndefinedTableOrColumn } from '../db/missing.js';
import type { ComponentHealth } from '../runtime/service.js';
import { healthSchema } from '../schemas/health.js';

async function timed(check: () => Promise<ComponentHealth>): Promise<ComponentHealth> {
  try {
    return await Promise.race([
      check(),
      new Promise<ComponentHealth>((resolve) =>
        setTimeout(() => resolve({ status: 'down', details: { reason: 'no answer within 2 s' } }), 2000).unref(),
      ),
    ]);
  } catch (error) {
    return { status: 'down', details: { reason: (error as Error).message } };
  }
}


interface LagLimits {
  readonly maxLagSeconds: number;
  readonly maxLagEvents: number;
}

/** Every read model's checkpoint against the log: how far behind, failing, parked events. */
async function readModelHealth(pool: pg.Pool, store: EventStore, limits: LagLimits, now = new Date()): Promise<ComponentHealth> {
  let checkpoints: { name: string; commit_position: string; prepare_position: string; stalled_since: Date | null; last_error: string | null }[];
  let parked: { projection: string; n: string; first_seen: Date }[];
  try {
    checkpoints = (await pool.query<(typeof checkpoints)[number]>('SELECT name, commit_position, prepare_position, stalled_since, last_error FROM projection_checkpoints ORDER BY name')).rows;
    parked = (await pool.query<(typeof parked)[number]>('SELECT projection, count(*) AS n, min(first_seen) AS first_seen FROM projection_failures GROUP BY projection')).rows;
  } catch (error) {
    if (isUndefinedTableOrColumn(error)) return { status: 'ok', details: { readModels: {}, note: 'no read models in this database' } };
    throw error;
  }
  const parkedBy = new Map(parked.map((p) => [p.projection, p]));
  const reasons: string[] = [];
  const readModels: Record<string, unknown> = {};
  for (const row of checkpoints) {
    const position: Position = { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) };
    const waiting = await store.readAll({ from: position, maxCount: limits.maxLagEvents + 1 });
    const oldest = waiting[0]?.metadata.occurredAt;
    const lagSeconds = oldest ? Math.max(0, (now.getTime() - Date.parse(oldest)) / 1000) : 0;
    const mine: string[] = [];
    if (waiting.length > limits.maxLagEvents) mine.push(`more than ${limits.maxLagEvents} events behind`);
    if (lagSeconds > limits.maxLagSeconds) mine.push(`its oldest unapplied event is ${Math.round(lagSeconds)} s old (limit ${limits.maxLagSeconds} s)`);
    if (row.stalled_since) mine.push(`failing since ${row.stalled_since.toISOString()}: ${row.last_error ?? 'unknown error'}`);
    const p = parkedBy.get(row.name);
    if (p) mine.push(`${p.n} parked event(s) it could not apply (projection_failures, first ${p.first_seen.toISOString()})`);
    readModels[row.name] = {
      status: mine.length > 0 ? 'degraded' : 'ok',
      position: formatPosition(position),
      eventsBehind: waiting.length > limits.maxLagEvents ? `>${limits.maxLagEvents}` : waiting.length,
      lagSeconds: Math.round(lagSeconds * 10) / 10,
      parked: Number(p?.n ?? 0),
      ...(mine.length > 0 ? { reasons: mine } : {}),
    };
    reasons.push(...mine.map((m) => `${row.name}: ${m}`));
  }
  // Parked events of a projection no longer registered still count: someone has to look at them.
  for (const [name, p] of parkedBy) if (!checkpoints.some((c) => c.name === name)) reasons.push(`${name}: ${p.n} parked event(s)`);
  return { status: reasons.length > 0 ? 'degraded' : 'ok', details: { readModels, ...(reasons.length > 0 ? { reasons } : {}) } };
}

/**
 * The log's head, and committed events that readers cannot see yet (Postgres: an older transaction is
 * still open). Those are invisible to the read-model lag above, since the lag is read through the same
 * rule; past HEALTH_MAX_LAG_SECONDS the log is degraded, naming the transaction that holds it.
 */
async function eventStoreHealth(store: EventStore, limits: LagLimits, now = new Date()): Promise<ComponentHealth> {
  const head = await store.headPosition();
  const details: Record<string, unknown> = { kind: store.kind, head: formatPosition(head) };
  const held = await store.heldBack?.();
  if (!held) return { status: 'ok', details };
  const seconds = Math.max(0, (now.getTime() - Date.parse(held.oldestOccurredAt)) / 1000);
  details.heldBack = { events: held.events, seconds: Math.round(seconds * 10) / 10, holder: held.holder };
  if (seconds <= limits.maxLagSeconds) return { status: 'ok', details };
  const holder = held.holder;
  const by = holder
    ? `the transaction of Postgres process ${holder.pid} (${[
        holder.user && `user ${holder.user}`,
        holder.database && `database ${holder.database}`,
        holder.application && `application ${holder.application}`,
        holder.state,
        holder.openSeconds !== null && `open ${Math.round(holder.openSeconds)} s`,
      ].filter(Boolean).join(', ')})`
    : 'a transaction older than them';
  const reason =
    `${held.events} committed event(s) are hidden from every reader for ${Math.round(seconds)} s (limit ${limits.maxLagSeconds} s): ` +
    `${by} is still open, and the log shows an event only once every older transaction has ended. ` +
    'End it, or set idle_in_transaction_session_timeout (docs/operations.md).';
  return { status: 'degraded', details: { ...details, reasons: [reason] } };
}

/** The ledger as its service last wrote it, when the ledger does not run in this process. */
async function ledgerFromStatusTable(pool: pg.Pool): Promise<ComponentHealth> {
  try {
    const { rows } = await pool.query<{ chain_reachable: boolean; degraded: string | null; updated_at: Date }>(
      'SELECT chain_reachable, degraded, updated_at FROM ledger_status WHERE id = 1',
    );
    const row = rows[0];
    if (!row) return { status: 'ok', details: { note: 'the ledger has not reported yet' } };
    const reasons = [...(row.degraded ? [row.degraded] : []), ...(row.chain_reachable ? [] : ['chain not reachable'])];
    return { status: reasons.length > 0 ? 'degraded' : 'ok', details: { reportedAt: row.updated_at.toISOString(), ...(reasons.length > 0 ? { reasons } : {}) } };
  } catch (error) {
    if (isUndefinedTableOrColumn(error)) return { status: 'ok', details: { note: 'no ledger in this database' } };
    throw error;
  }
}

export const healthRoutes: FastifyPluginAsync = async (app) => {
  const lastStatus = new Map<string, ComponentHealth['status']>();

  app.get('/health', { schema: { tags: ['health'], summary: "Each component's state; 503 when this instance cannot serve", response: { 200: healthSchema, 503: healthSchema } } }, async (_request, reply) => {
    const { pool, store, config, components = {} } = app.deps;
    const limits = { maxLagSeconds: config.HEALTH_MAX_LAG_SECONDS, maxLagEvents: config.HEALTH_MAX_LAG_EVENTS };
    const checks: Record<string, () => Promise<ComponentHealth>> = {
      api: async () => ({ status: 'ok', details: { uptimeSeconds: Math.round(process.uptime()) } }),
      database: async () => {
        await pool.query('SELECT 1');
        return { status: 'ok' };
      },
      eventStore: () => eventStoreHealth(store, limits),
      readModels: () => readModelHealth(pool, store, limits),
      ...(components.ledger ? {} : { ledger: () => ledgerFromStatusTable(pool) }),
      ...components,
    };
    const names = Object.keys(checks);
    const results = await Promise.all(names.map((name) => timed(checks[name]!)));
    const componentsOut = Object.fromEntries(names.map((name, i) => [name, results[i]!]));
    const status = results.some((r) => r.status === 'down')
      ? 'down'
      : results.some((r) => r.status === 'degraded')
        ? 'degraded'
        : 'ok';
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs it: the spread widens `status` to string
    for (const [name, result] of Object.entries({ ...componentsOut, overall: { status } as ComponentHealth })) {
      const before = lastStatus.get(name);
      if (before === result.status) continue;
      lastStatus.set(name, result.status);
      if (before === undefined && result.status === 'ok') continue;
      const log = result.status === 'ok' ? app.log.info.bind(app.log) : app.log.warn.bind(app.log);
      log({ component: name, from: before ?? 'unknown', to: result.status, details: result.details }, `health: ${name} is ${result.status}`);
    }
    return reply.status(status === 'down' ? 503 : 200).send({ status, components: componentsOut });
  });
};
