// No event can stop a read model: an event a projection cannot apply is retried, parked in
// projection_failures and passed; the others go on; `retryParkedEvents` applies it after a fix.
// And the API's read-your-writes wait never waits on a stalled read model.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore, eventStoreMigrations, type Position } from '@titleledger/api/eventstore';
import { CommittedNotifier, READ_MODELS_CHANNEL } from '@titleledger/api/runtime';
import { ProjectionWaiter, ReadModelBehindError } from '../../../api/src/http/projection-waiter.js';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { newEvent } from '../../../test/eventstore/contract.js';
import { runnerMigrations } from './migrations.js';
import { ProjectionRunner, listParkedEvents, retryParkedEvents } from './projection-runner.js';
import type { Projection } from './projection.js';
import { storableText } from './storable.js';

let db: TestDatabase;
let store: PostgresEventStore;

beforeAll(async () => {
  db = await createTestDatabase([...eventStoreMigrations, ...runnerMigrations]);
  store = new PostgresEventStore(db.pool, { pollIntervalMs: 5 });
  await db.pool.query('CREATE TABLE notes (event_id uuid PRIMARY KEY, text text NOT NULL)');
});
afterAll(async () => db?.close());

/**
 * Stores each event's text in a text column, like any read model. The text travels base64-encoded
 * (as the users read model's travels sealed), so the log holds what Postgres refuses in a column:
 * a NUL. `sanitise` is the fix: made storable first, as the users projection does.
 */
function notesProjection(options: { sanitise?: boolean } = {}): Projection {
  return {
    name: 'notes',
    tables: ['notes'],
    async apply(events, tx) {
      for (const event of events) {
        const raw = Buffer.from((event.data as { base64: string }).base64, 'base64').toString('utf8');
        await tx.query('INSERT INTO notes (event_id, text) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
          event.metadata.eventId,
          options.sanitise ? storableText(raw) : raw,
        ]);
      }
    },
  };
}

const note = (text: string) => newEvent('NoteTaken', { base64: Buffer.from(text, 'utf8').toString('base64') });

async function notes(): Promise<string[]> {
  return (await db.pool.query<{ text: string }>('SELECT text FROM notes ORDER BY text')).rows.map((r) => r.text);
}

describe('parking', () => {
  it('parks an event Postgres refuses (a NUL), goes on with the others, and applies it on retry after the fix', async () => {
    const parkedEvents: string[] = [];
    const errors: string[] = [];
    const runner = new ProjectionRunner({
      store,
      pool: db.pool,
      projections: [notesProjection()],
      retry: { attempts: 3, firstDelayMs: 1, maxDelayMs: 5 },
      onParked: (p) => parkedEvents.push(p.eventId),
      onError: (_error, name) => errors.push(name),
    });
    await runner.start();
    const poison = note('nul\u0000byte');
    try {
      await store.append('notes-1', [note('first'), poison], 'no_stream');
      // The append's own position: the head a reader sees lags behind it while the runner's transaction is open.
      const { position } = await store.append('notes-2', [note('second'), note('last')], 'no_stream');
      await runner.waitUntilCaughtUp(position);

      expect(await notes()).toEqual(['first', 'last', 'second']);
      const parked = await listParkedEvents(db.pool);
      expect(parked).toEqual([
        {
          projection: 'notes',
          position: (await store.readStream('notes-1'))[1]!.position,
          eventId: poison.metadata.eventId,
          streamId: 'notes-1',
          eventType: 'NoteTaken',
          error: expect.stringMatching(/invalid byte sequence for encoding "UTF8": 0x00/),
          attempts: 3,
        },
      ]);
      expect(parkedEvents).toEqual([poison.metadata.eventId]);
      // Reported once when it started failing, not once per retry; no longer marked stalled.
      expect(errors).toEqual(['notes']);
      const { rows } = await db.pool.query(
        `SELECT f.first_seen <= f.last_seen AS ordered, c.stalled_since FROM projection_failures f
           JOIN projection_checkpoints c ON c.name = f.projection`,
      );
      expect(rows).toEqual([{ ordered: true, stalled_since: null }]);
    } finally {
      await runner.stop();
    }

    // Still broken: it stays parked, with one more attempt.
    const again = await retryParkedEvents({ store, pool: db.pool, projections: [notesProjection()] });
    expect(again).toEqual({ applied: [], stillParked: [expect.objectContaining({ eventId: poison.metadata.eventId, attempts: 4 })] });

    // After the fix, retry applies it and empties projection_failures.
    const fixed = await retryParkedEvents({ store, pool: db.pool, projections: [notesProjection({ sanitise: true })] });
    expect(fixed.applied.map((p) => p.eventId)).toEqual([poison.metadata.eventId]);
    expect(fixed.stillParked).toEqual([]);
    expect(await notes()).toContain('nul\uFFFDbyte');
    expect(await listParkedEvents(db.pool)).toEqual([]);
  });
});

describe('read-your-writes waits', () => {
  async function checkpoint(name: string, position: Position, stalled = false) {
    await db.pool.query(
      `INSERT INTO projection_checkpoints (name, commit_position, prepare_position, stalled_since, last_error)
       VALUES ($1, $2, $3, CASE WHEN $4 THEN now() END, CASE WHEN $4 THEN 'boom' END)
       ON CONFLICT (name) DO UPDATE SET commit_position = $2, prepare_position = $3,
         stalled_since = CASE WHEN $4 THEN now() END, last_error = CASE WHEN $4 THEN 'boom' END`,
      [name, position.commit.toString(), position.prepare.toString(), stalled],
    );
  }

  it('waits only for the read models named, and answers 503 at once for a stalled one', async () => {
    const written = { commit: 1_000_000n, prepare: 5n };
    const before = { commit: 999_999n, prepare: 1n };
    await checkpoint('users', written);
    await checkpoint('audit-log', before, true);
    // A long wait: a test that waited it would time out; these answer without waiting.
    const waiter = new ProjectionWaiter(db.pool, 60_000);
    await expect(waiter.waitFor(written, ['users'])).resolves.toBeUndefined();
    const stalled = await waiter.waitFor(written, ['audit-log', 'users']).catch((e: unknown) => e);
    expect(stalled).toBeInstanceOf(ReadModelBehindError);
    expect(stalled).toMatchObject({ status: 503, details: { readModels: ['audit-log'], retryAfterSeconds: 5 } });
    await db.pool.query("DELETE FROM projection_checkpoints WHERE name IN ('users', 'audit-log')");
  });

  it('looks again as soon as the runner says a read model moved (NOTIFY), not at its next poll', async () => {
    const written = { commit: 3_000_000n, prepare: 5n };
    await checkpoint('users', { commit: 1n, prepare: 1n });
    // While it hears NOTIFYs it looks every 10 minutes: only a NOTIFY ends this wait within the test's time.
    const waiter = new ProjectionWaiter(db.pool, 15 * 60_000, { listeningPollMs: 10 * 60_000 });
    try {
      waiter.listen();
      await expect.poll(() => waiter.isListening).toBe(true);
      const waiting = waiter.waitFor(written, ['users']);
      await checkpoint('users', written);
      new CommittedNotifier(db.pool, READ_MODELS_CHANNEL).notify();
      await expect(waiting).resolves.toBeUndefined();
    } finally {
      await waiter.close();
      await db.pool.query("DELETE FROM projection_checkpoints WHERE name = 'users'");
    }
  });

  it('after one wait ran out, answers at once until the read model moves', async () => {
    const written = { commit: 2_000_000n, prepare: 5n };
    await checkpoint('users', { commit: 1n, prepare: 1n });
    const waiter = new ProjectionWaiter(db.pool, 50);
    let polls = 0;
    const behind = waiter.behind.bind(waiter);
    waiter.behind = async (...args) => {
      polls += 1;
      return behind(...args);
    };
    await expect(waiter.waitFor(written, ['users'])).rejects.toBeInstanceOf(ReadModelBehindError);
    expect(polls).toBeGreaterThan(1);
    polls = 0;
    await expect(waiter.waitFor(written, ['users'])).rejects.toMatchObject({ details: { readModels: ['users'] } });
    expect(polls).toBe(1); // no second wait: one look, and the answer
    // The read model moved (and caught up): the wait is over.
    await checkpoint('users', written);
    await expect(waiter.waitFor(written, ['users'])).resolves.toBeUndefined();
    await waiter.close();
    await db.pool.query("DELETE FROM projection_checkpoints WHERE name = 'users'");
  });
});

it('never waits for nothing', async () => {
  const waiter = new ProjectionWaiter(db.pool, 60_000);
  await expect(waiter.waitFor({ commit: 9n ** 20n, prepare: 0n }, [])).resolves.toBeUndefined();
  await expect(waiter.waitFor(undefined, ['users'])).resolves.toBeUndefined();
});
