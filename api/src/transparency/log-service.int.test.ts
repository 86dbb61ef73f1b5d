// The log's extender between bursts: after a look that found nothing its pause doubles, up to the
// longest, so an idle log is not read several times a second; an event that comes meanwhile is still
// taken in; and stopping does not wait out a pause.
import { generateKeyPairSync } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { START, isAfter, type ReadAllOptions, type RecordedEvent } from '../eventstore/index.js';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { newEvent } from '../../../test/eventstore/contract.js';
import { registryKeyFromPem } from '../tr-bundle/registry-key.js';
import { readHead, transparencyMigrations, type LogSource } from './log-store.js';
import { logOrigin, startLogExtender } from './log-service.js';

const key = registryKeyFromPem(generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString());
const origin = logOrigin('https://titles.example/');
const databases: TestDatabase[] = [];
afterAll(async () => Promise.all(databases.map((db) => db.close())));

/** A log in memory that notes when the extender reads it. */
class WatchedLog implements LogSource {
  readonly events: RecordedEvent[] = [];
  readonly looks: number[] = [];

  append(): void {
    const n = BigInt(this.events.length + 1);
    this.events.push({ ...newEvent('Logged'), streamId: 'watched', revision: n - 1n, position: { commit: n * 100n, prepare: n * 100n } });
  }

  readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.looks.push(performance.now());
    const from = options.from ?? START;
    return Promise.resolve(this.events.filter((e) => isAfter(e.position, from)).slice(0, options.maxCount ?? 10_000));
  }
}

describe('the log extender', () => {
  it('pauses longer while nothing comes, up to the longest pause, and still takes in what comes then', async () => {
    const db = await createTestDatabase(transparencyMigrations);
    databases.push(db);
    const log = new WatchedLog();
    log.append();
    const extender = startLogExtender(db.pool, log, { origin, key, intervalMs: 10, idleMaxMs: 80 });
    try {
      await expect.poll(async () => (await readHead(db.pool)).size).toBe(1);
      // Nine idle looks after the one that found the event: pauses of 10, 20, 40, then 80 ms each.
      const from = log.looks.length;
      await expect.poll(() => log.looks.length).toBeGreaterThanOrEqual(from + 10);
      const gaps = log.looks.slice(from, from + 10).map((at, i, all) => (i === 0 ? 0 : at - all[i - 1]!)).slice(1);
      // A timer fires no sooner than asked (less a millisecond of rounding); a busy machine only lengthens them.
      const least = [10, 20, 40, 80, 80, 80, 80, 80, 80];
      gaps.slice(0, least.length).forEach((gap, i) => expect(gap, `pause ${i + 1}`).toBeGreaterThanOrEqual(least[i]! - 1.5));

      log.append();
      log.append();
      await expect.poll(async () => (await readHead(db.pool)).size).toBe(3);
    } finally {
      await extender.stop();
    }
  });

  it('stops at once, not after the pause it is in', async () => {
    const db = await createTestDatabase(transparencyMigrations);
    databases.push(db);
    const log = new WatchedLog();
    const extender = startLogExtender(db.pool, log, { origin, key, intervalMs: 120_000 });
    await expect.poll(() => log.looks.length).toBeGreaterThan(0);
    const outcome = await Promise.race([extender.stop().then(() => 'stopped'), sleep(60_000).then(() => 'still pausing')]);
    expect(outcome).toBe('stopped');
  });
});
