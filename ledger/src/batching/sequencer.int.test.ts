// The sequencer against real Postgres: every TitleRegistered gets exactly one leaf, in log order, with
// gap-free indices continuing from the last; a TR number met again (twice in one batch, or already
// sequenced, as a replay meets it) keeps its first leaf; and a replay of the whole log changes nothing.
import { afterAll, expect, it } from 'vitest';
import { toNewEvents } from '@titleledger/api/domain';
import { PostgresEventStore, eventStoreMigrations } from '@titleledger/api/eventstore';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { appendRegistration, eventually, newRegistration, type TestRegistration } from '../../../test/ledger/registrations.js';
import { batchingMigrations } from './migrations.js';
import { createSequencer } from './sequencer.js';

const databases: TestDatabase[] = [];
afterAll(async () => Promise.all(databases.map((db) => db.close())));

type Leaf = { leaf_index: string; tr_number: string; cryptographic_hash: string };
const leavesOf = async (db: TestDatabase) =>
  (await db.pool.query<Leaf>('SELECT leaf_index::text, tr_number, cryptographic_hash FROM ledger_leaves ORDER BY leaf_index')).rows;

it('gives each registration one leaf in log order, gap-free, and keeps the first leaf of a TR number met again', async () => {
  const db = await createTestDatabase([...eventStoreMigrations, ...batchingMigrations]);
  databases.push(db);
  const store = new PostgresEventStore(db.pool);
  const first = [newRegistration(), newRegistration(), newRegistration()];
  for (const registration of first) await appendRegistration(store, registration);
  // The same TR number twice in one append (two streams, one batch for the sequencer), the second with another hash.
  const again: TestRegistration = { ...first[1]!, cryptographicHash: 'f'.repeat(64) };
  const fresh = newRegistration();
  const context = { actor: { kind: 'system' as const, id: 'test' }, correlationId: 'sequencer-test', now: new Date() };
  await store.appendMany([
    { streamId: 'replayed-a', events: toNewEvents([{ type: 'TitleRegistered', data: fresh }], context), expectedRevision: 'no_stream' },
    { streamId: 'replayed-b', events: toNewEvents([{ type: 'TitleRegistered', data: { ...fresh, cryptographicHash: 'e'.repeat(64) } }], context), expectedRevision: 'no_stream' },
    { streamId: 'replayed-c', events: toNewEvents([{ type: 'TitleRegistered', data: again }], context), expectedRevision: 'no_stream' },
  ]);
  const added: number[] = [];
  const sequencer = createSequencer({ store, pool: db.pool, onSequenced: (count) => added.push(count) });
  await sequencer.start();
  try {
    const expected = [...first, fresh].map((r, i) => ({ leaf_index: String(i), tr_number: r.trNumber, cryptographic_hash: r.cryptographicHash.toLowerCase() }));
    await eventually(async () => ((await leavesOf(db)).length === expected.length ? true : null), 90_000, 'four leaves');
    expect(await leavesOf(db)).toEqual(expected);
    expect(added.reduce((a, b) => a + b, 0)).toBe(4);

    // More later: the indices go on from the last.
    const later = newRegistration();
    await appendRegistration(store, later);
    await eventually(async () => ((await leavesOf(db)).length === 5 ? true : null), 90_000, 'the fifth leaf');
    expect((await leavesOf(db)).at(-1)).toEqual({ leaf_index: '4', tr_number: later.trNumber, cryptographic_hash: later.cryptographicHash.toLowerCase() });
  } finally {
    await sequencer.stop();
  }

  // A replay of the whole log (its checkpoint back at the start) adds nothing and moves nothing.
  const before = await leavesOf(db);
  await db.pool.query(`UPDATE ledger_checkpoints SET commit_position = 0, prepare_position = 0 WHERE name = 'sequencer'`);
  const replay = createSequencer({ store, pool: db.pool });
  await replay.start();
  try {
    // Every event here is a TitleRegistered: the sequencer's checkpoint ends at the log's head.
    const head = await store.headPosition();
    await expect.poll(() => replay.position()).toEqual(head);
    expect(await leavesOf(db)).toEqual(before);
  } finally {
    await replay.stop();
  }
});
