// `npm run audit -- replay`: rebuilds every read model from position 0 into a scratch schema and diffs
// it row by row with the live one. The live tables are copied in one REPEATABLE READ snapshot together
// with each projection's checkpoint (they move in one transaction), and each projection is replayed up
// to exactly that checkpoint, so a system that keeps running meanwhile does not show up as a
// difference. The scratch schema is dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate, type Migration } from '@titleledger/api/runtime';
import { START, comparePositions, formatPosition, type EventStore, type Position } from '@titleledger/api/eventstore';
import type { Projection } from '../runner/projection.js';
import { storableEvent } from '../runner/projection-runner.js';

/**
 * A projection to replay; `checkpointTable` names where its live checkpoint is kept when it is not one
 * of this package's (the ledger's `registration_proofs` keeps its in `ledger_checkpoints`).
 */
type ReplayedProjection = Pick<Projection, 'name' | 'tables' | 'apply'> & { readonly checkpointTable?: string };

export interface ReplayOptions {
  readonly pool: pg.Pool;
  readonly store: EventStore;
  /** Replayed in this order, each up to its own checkpoint (a projection after another may update its rows). */
  readonly projections: readonly ReplayedProjection[];
  /** The read models' migrations, run again inside the scratch schema. */
  readonly migrations: readonly Migration[];
  /**
   * Columns some other component writes into a projection's table (the ledger marks registrations
   * registered): not compared, and listed in the summary.
   */
  readonly foreignColumns?: Readonly<Record<string, readonly string[]>>;
  readonly pageSize?: number;
}

interface TableSummary {
  readonly table: string;
  readonly rows: number;
}

export type ReplayVerdict =
  | {
      readonly ok: true;
      readonly tables: readonly TableSummary[];
      readonly events: number;
      readonly skippedColumns: readonly string[];
      /** Events a projection could not apply during the replay (the live runner parks them too). */
      readonly parked: readonly string[];
    }
  | {
      readonly ok: false;
      readonly table: string;
      readonly key: Record<string, unknown>;
      readonly reason: string;
      readonly live: unknown;
      readonly replayed: unknown;
    };

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function replayAndDiff(options: ReplayOptions): Promise<ReplayVerdict> {
  const schema = `audit_replay_${randomBytes(6).toString('hex')}`;
  const poolOptions = (options.pool as unknown as { options: pg.PoolConfig }).options;
  const scratch = new pg.Pool({ ...poolOptions, max: 2, options: `-c search_path=${schema},public` });
  scratch.on('error', () => undefined);
  await options.pool.query(`CREATE SCHEMA ${schema}`);
  try {
    // 1. The live read models and their checkpoints, in one snapshot.
    const checkpoints = new Map<string, Position>();
    const live = await options.pool.connect();
    try {
      await live.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      for (const projection of options.projections) {
        const { rows } = await live.query<{ commit_position: string; prepare_position: string }>(
          `SELECT commit_position, prepare_position FROM ${ident(projection.checkpointTable ?? 'projection_checkpoints')} WHERE name = $1`,
          [projection.name],
        );
        checkpoints.set(projection.name, rows[0] ? { commit: BigInt(rows[0].commit_position), prepare: BigInt(rows[0].prepare_position) } : START);
        for (const table of projection.tables) {
          await live.query(`CREATE TABLE ${schema}.${ident(`live_${table}`)} AS SELECT * FROM public.${ident(table)}`);
        }
      }
      await live.query('COMMIT');
    } catch (error) {
      await live.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      live.release();
    }

    // 2. Fresh read models in the scratch schema, each replayed from 0 up to its live checkpoint.
    await migrate(scratch, options.migrations);
    let events = 0;
    const parked: string[] = [];
    for (const projection of options.projections) {
      const until = checkpoints.get(projection.name)!;
      let from: Position = START;
      let replayed = 0;
      for (;;) {
        const page = (await options.store.readAll({ from, maxCount: options.pageSize ?? 1000 })).filter((e) => comparePositions(e.position, until) <= 0);
        if (page.length === 0) break;
        // As the runner applies them: storable strings; a batch that fails is applied event by event, and
        // an event the projection cannot apply is skipped (the runner parks it) and listed.
        const client = await scratch.connect();
        try {
          await client.query('BEGIN');
          const events = page.map(storableEvent);
          try {
            await client.query('SAVEPOINT batch');
            await projection.apply(events, client);
          } catch {
            await client.query('ROLLBACK TO SAVEPOINT batch');
            for (const event of events) {
              await client.query('SAVEPOINT one');
              try {
                await projection.apply([event], client);
              } catch (error) {
                await client.query('ROLLBACK TO SAVEPOINT one');
                parked.push(`${projection.name}: event ${String(event.metadata?.eventId)} (${event.type}): ${(error as Error).message}`);
              }
            }
          }
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw new Error(`Replaying ${projection.name} failed at position ${formatPosition(page[0]!.position)}: ${(error as Error).message}`, { cause: error });
        } finally {
          client.release();
        }
        replayed += page.length;
        from = page.at(-1)!.position;
      }
      events = Math.max(events, replayed);
    }

    // 3. Row by row, in key order: the first row missing on one side or different names the table and key.
    const tables: TableSummary[] = [];
    const skippedColumns: string[] = [];
    for (const projection of options.projections) {
      for (const table of projection.tables) {
        const { rows: keyRows } = await options.pool.query<{ column: string }>(
          `SELECT a.attname AS column FROM pg_index i
             JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
            WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY array_position(i.indkey, a.attnum)`,
          [`public.${ident(table)}`],
        );
        const keys = keyRows.map((r) => r.column);
        if (keys.length === 0) throw new Error(`Table ${table} has no primary key to compare rows by`);
        const ignored = options.foreignColumns?.[table] ?? [];
        skippedColumns.push(...ignored.map((c) => `${table}.${c}`));
        const strip = (alias: string) => ignored.reduce((expr, column) => `(${expr} - ${pg.escapeLiteral(column)})`, `to_jsonb(${alias})`);
        const on = keys.map((k) => `l.${ident(k)} = r.${ident(k)}`).join(' AND ');
        const keyJson = `jsonb_build_object(${keys.map((k) => `${pg.escapeLiteral(k)}, coalesce(l.${ident(k)}, r.${ident(k)})`).join(', ')})`;
        const { rows } = await options.pool.query<{ key: Record<string, unknown>; live: unknown; replayed: unknown; missing_live: boolean; missing_replayed: boolean }>(
          `SELECT ${keyJson} AS key, ${strip('l')} AS live, ${strip('r')} AS replayed,
                  l.${ident(keys[0]!)} IS NULL AS missing_live, r.${ident(keys[0]!)} IS NULL AS missing_replayed
             FROM ${schema}.${ident(`live_${table}`)} l FULL JOIN ${schema}.${ident(table)} r ON ${on}
            WHERE l.${ident(keys[0]!)} IS NULL OR r.${ident(keys[0]!)} IS NULL OR ${strip('l')} <> ${strip('r')}
            ORDER BY ${keys.map((k) => `coalesce(l.${ident(k)}, r.${ident(k)})`).join(', ')} LIMIT 1`,
        );
        const row = rows[0];
        if (row) {
          const reason = row.missing_live
            ? 'a row the log produces is missing from the live table'
            : row.missing_replayed
              ? 'the live table has a row the log does not produce'
              : `the live row differs from the one the log produces (${differingColumns(row.live, row.replayed).join(', ')})`;
          return { ok: false, table, key: row.key, reason, live: row.missing_live ? null : row.live, replayed: row.missing_replayed ? null : row.replayed };
        }
        const { rows: count } = await options.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${schema}.${ident(table)}`);
        tables.push({ table, rows: Number(count[0]!.n) });
      }
    }
    return { ok: true, tables, events, skippedColumns, parked };
  } finally {
    await scratch.end();
    await options.pool.query(`DROP SCHEMA ${schema} CASCADE`);
  }
}

function differingColumns(live: unknown, replayed: unknown): string[] {
  const a = (live ?? {}) as Record<string, unknown>;
  const b = (replayed ?? {}) as Record<string, unknown>;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k])).sort();
}
