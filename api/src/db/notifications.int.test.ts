// A listener hears each commit once: its own pool's in-process, at the commit (the NOTIFY that comes
// back carries that pool's token and is skipped), and any other pool's or process's by the NOTIFY.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { createPool } from './pool.js';
import { ChannelListener, CommittedNotifier } from './notifications.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db?.close());

it('wakes a listener once per notify of its own pool, and once per NOTIFY of another pool', async () => {
  const otherPool = createPool(db.url, 2);
  const wakes: string[] = [];
  const mine = new ChannelListener(db.pool, 'moved_once', () => wakes.push('mine'));
  let othersHeard = 0;
  const others = new ChannelListener(otherPool, 'moved_once', () => (othersHeard += 1));
  try {
    mine.ensure();
    others.ensure();
    await expect.poll(() => mine.isListening && others.isListening).toBe(true);
    const listening = wakes.length; // LISTEN taking effect wakes once
    const heardBefore = othersHeard;

    new CommittedNotifier(db.pool, 'moved_once').notify();
    expect(wakes).toHaveLength(listening + 1); // in-process, at the call
    // The other pool's listener hears the NOTIFY: it has reached Postgres and been delivered.
    await expect.poll(() => othersHeard).toBe(heardBefore + 1);

    // A NOTIFY from the other pool, sent after: one session receives NOTIFYs in order, so once this
    // one has woken `mine`, the first one has reached it too, and must not have woken it again.
    new CommittedNotifier(otherPool, 'moved_once').notify();
    await expect.poll(() => wakes.length).toBe(listening + 2);
    expect(othersHeard).toBe(heardBefore + 2); // the other pool's listener: its own commit, in-process

    await mine.stop();
    new CommittedNotifier(db.pool, 'moved_once').notify();
    expect(wakes).toHaveLength(listening + 2); // stopped: not woken in-process either
  } finally {
    await mine.stop();
    await others.stop();
    await otherPool.end();
  }
});

it("carries the highest mark of the notifies a NOTIFY stands for to another pool's listener", async () => {
  const otherPool = createPool(db.url, 2);
  const marks: (bigint | undefined)[] = [];
  const others = new ChannelListener(otherPool, 'marked', (mark) => marks.push(mark));
  const notifier = new CommittedNotifier(db.pool, 'marked');
  try {
    others.ensure();
    await expect.poll(() => others.isListening).toBe(true);
    marks.length = 0; // LISTEN taking effect wakes once, with no mark
    notifier.notify(5n); // sent at once
    notifier.notify(9n); // these two coalesce into one more NOTIFY, sent when the first is done…
    notifier.notify(7n); // …carrying 9, the highest
    await expect.poll(() => marks).toEqual([5n, 9n]);
  } finally {
    notifier.close();
    await others.stop();
    await otherPool.end();
  }
});
