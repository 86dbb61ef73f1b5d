// A pg client that prepares each parameterised statement once per connection. A query with
// parameters goes out as a named statement (the name is a hash of its text), so Postgres parses and
// plans it on its first use on a connection, and after that only binds and runs it. For the short
// queries this app makes, planning was most of Postgres's work: the session check took ~0.8 ms
// unnamed and ~0.35 ms prepared, and a registration cost Postgres ~20% less CPU (docs/architecture.md).
//
// - Only queries with parameters: those always travel as one statement (the extended protocol). A
//   query without them may hold several statements ('BEGIN; SET LOCAL …'), which cannot be prepared.
// - A statement whose result changes shape under it (a migration adds a column behind `SELECT *`)
//   fails once with "cached plan must not change result type". Its text then gets a new name on that
//   connection, and the query runs again at once unless a transaction was open (that transaction has
//   failed; the caller's own retry prepares the new name).
// - At most MAX_PER_CONNECTION texts are prepared per connection, so SQL built at run time cannot
//   grow a connection's statements without end; any others go unnamed, as before.
import { createHash } from 'node:crypto';
import pg from 'pg';

const MAX_PER_CONNECTION = 500;

type Callback = (error: Error | null, result?: pg.QueryResult) => void;

/** A query with parameters, as pg takes it in any of its call forms; null for anything else. */
function parameterised(config: unknown, values: unknown): { config: pg.QueryConfig; callback: Callback | undefined } | null {
  const callbackArg = typeof values === 'function' ? (values as Callback) : undefined;
  let query: pg.QueryConfig & { callback?: Callback; submit?: unknown };
  if (typeof config === 'string') query = { text: config };
  else if (config && typeof config === 'object' && typeof (config as { text?: unknown }).text === 'string') query = { ...(config as pg.QueryConfig) };
  else return null;
  // A Submittable (a cursor, a stream) runs its own protocol; a named query is named already.
  if (typeof query.submit === 'function' || query.name) return null;
  if (Array.isArray(values)) query.values = values;
  if (!Array.isArray(query.values) || query.values.length === 0) return null;
  const { callback: inConfig, ...rest } = query;
  return { config: rest, callback: callbackArg ?? inConfig };
}

/** "cached plan must not change result type": a prepared statement whose result columns changed. */
function isStalePlan(error: unknown): boolean {
  return error instanceof Error && (error as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(error.message);
}

/** The statement name each prepared text has on one connection. */
interface Statements {
  readonly names: Map<string, string>;
  renewals: number;
}

const byClient = new WeakMap<pg.Client, Statements>();
// eslint-disable-next-line @typescript-eslint/unbound-method -- always called with .call on a client
const plainQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
const hashOf = (text: string) => createHash('sha1').update(text).digest('hex').slice(0, 24);

function nameOf(statements: Statements, text: string): string | undefined {
  const known = statements.names.get(text);
  if (known || statements.names.size >= MAX_PER_CONNECTION) return known;
  const name = `tl_${hashOf(text)}`;
  statements.names.set(text, name);
  return name;
}

async function runPrepared(client: pg.Client, config: pg.QueryConfig): Promise<pg.QueryResult> {
  let statements = byClient.get(client);
  if (!statements) byClient.set(client, (statements = { names: new Map(), renewals: 0 }));
  const run = (name: string | undefined) => plainQuery.call(client, name ? { ...config, name } : config) as Promise<pg.QueryResult>;
  try {
    return await run(nameOf(statements, config.text));
  } catch (error) {
    if (!isStalePlan(error) || !statements.names.has(config.text)) throw error;
    statements.renewals += 1;
    statements.names.set(config.text, `tl_${hashOf(config.text)}_${statements.renewals}`);
    if (client.getTransactionStatus() !== 'I') throw error;
    return run(statements.names.get(config.text));
  }
}

/** pg's client, preparing parameterised statements (pool.ts gives it to every pool unless told not to). */
export class PreparingClient extends pg.Client {}

// pg's `query` has a dozen overloads; this one body serves them all, and hands anything that is not
// a parameterised query to pg unchanged.
PreparingClient.prototype.query = function query(this: pg.Client, config: unknown, values?: unknown, callback?: unknown): unknown {
  const found = parameterised(config, values);
  if (!found) return plainQuery.call(this, config, values, callback);
  const done = found.callback ?? (typeof callback === 'function' ? (callback as Callback) : undefined);
  const result = runPrepared(this, found.config);
  if (!done) return result;
  result.then(
    (rows) => done(null, rows),
    (error: Error) => done(error),
  );
  return undefined;
} as typeof pg.Client.prototype.query;
