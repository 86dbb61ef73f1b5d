// Kill a projection process with SIGKILL in the middle of a run (a real child process), restart
// it, and the read models come out identical to a rebuild from position 0.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PostgresEventStore, eventStoreMigrations } from '@titleledger/api/eventstore';
import { allProjections, readModelMigrations, rebuildProjections } from '@titleledger/projections';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { newEvent } from '../eventstore/contract.js';

const TOTAL = 12_000;
const root = path.resolve(import.meta.dirname, '../..');

function startChild(url: string, pauseMs: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'child-runner.ts'), url, String(pauseMs)], {
    cwd: root,
    // Its progress lines are not read here: a pipe nobody drains would block the child once full.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function auditRows(db: TestDatabase): Promise<number> {
  const { rows } = await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM audit_log');
  return Number(rows[0]!.n);
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function dump(db: TestDatabase) {
  const audit = await db.pool.query(
    `SELECT event_id, commit_position, prepare_position, stream_id, event_type, actor_kind, actor_id, client_ip, correlation_id, occurred_at
       FROM audit_log ORDER BY commit_position, prepare_position`,
  );
  const counts = await db.pool.query('SELECT * FROM event_type_counts ORDER BY event_type');
  return { audit: audit.rows, counts: counts.rows };
}

let source: TestDatabase;
let replica: TestDatabase;

beforeAll(async () => {
  source = await createTestDatabase([...eventStoreMigrations, ...readModelMigrations]);
  replica = await createTestDatabase(readModelMigrations);
  const store = new PostgresEventStore(source.pool);
  // Names no real projection handles: this test is about the runner, not a read model's rules.
  const types = ['CrashTestAlpha', 'CrashTestBeta', 'CrashTestGamma', 'CrashTestDelta'];
  for (let i = 0; i < TOTAL / 10; i += 4) {
    await Promise.all(
      [0, 1, 2, 3].map((k) =>
        store.append(`stream-${(i + k) % 97}`, Array.from({ length: 10 }, (_, j) => newEvent(types[(i + j + k) % 4]!, { i, j })), 'any'),
      ),
    );
  }
});

afterAll(async () => {
  await source.close();
  await replica.close();
});

it('survives SIGKILL mid-run and ends identical to a rebuild from zero', async () => {
  const first = startChild(source.url, 30);
  await waitFor(async () => (await auditRows(source)) >= 1500, 90_000);
  first.kill('SIGKILL');
  await new Promise((resolve) => first.once('exit', resolve));
  const atKill = await auditRows(source);
  expect(atKill).toBeGreaterThan(0);
  expect(atKill).toBeLessThan(TOTAL);

  const second = startChild(source.url, 0);
  await waitFor(async () => {
    const { rows } = await source.pool.query<{ n: string | null }>('SELECT sum(event_count) AS n FROM event_type_counts');
    return (await auditRows(source)) === TOTAL && Number(rows[0]!.n) === TOTAL;
  }, 120_000);
  second.kill('SIGTERM');
  await new Promise((resolve) => second.once('exit', resolve));

  await rebuildProjections({ store: new PostgresEventStore(source.pool), pool: replica.pool, projections: allProjections });

  const afterCrash = await dump(source);
  const rebuilt = await dump(replica);
  expect(afterCrash.audit).toHaveLength(TOTAL);
  expect(afterCrash.counts.reduce((sum, r) => sum + Number(r.event_count), 0)).toBe(TOTAL);
  expect(afterCrash).toEqual(rebuilt);
});

it('a rebuild parks an event a projection cannot apply, in order, and replays every other', async () => {
  const broken = await createTestDatabase(readModelMigrations);
  try {
    const store = new PostgresEventStore(source.pool);
    const poison = (await store.readAll({ maxCount: 3 }))[2]!;
    const applied: string[] = [];
    const picky = {
      name: 'picky',
      tables: [],
      apply: async (events: readonly { metadata: { eventId: string } }[]) => {
        for (const event of events) {
          if (event.metadata.eventId === poison.metadata.eventId) throw new Error('cannot apply this one');
          applied.push(event.metadata.eventId);
        }
      },
    };
    const { parked } = await rebuildProjections({
      store,
      pool: broken.pool,
      projections: [...allProjections, picky],
      retry: { attempts: 3, firstDelayMs: 1, maxDelayMs: 1 },
    });
    expect(parked).toEqual([
      {
        projection: 'picky',
        position: poison.position,
        eventId: poison.metadata.eventId,
        streamId: poison.streamId,
        eventType: poison.type,
        error: 'cannot apply this one',
        attempts: 3,
      },
    ]);
    // Every other event applied, in log order, and the other read models are whole.
    expect(new Set(applied).size).toBe(TOTAL - 1);
    expect(await auditRows(broken)).toBe(TOTAL);
    const { rows } = await broken.pool.query('SELECT commit_position, prepare_position FROM projection_checkpoints WHERE name = $1', ['picky']);
    const head = await store.headPosition();
    expect(rows[0]).toEqual({ commit_position: head.commit.toString(), prepare_position: head.prepare.toString() });
  } finally {
    await broken.close();
  }
});
