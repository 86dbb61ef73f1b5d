// In-process wakes: a notifier's own process hears it at the call, before (and without) the NOTIFY's
// round trip through Postgres; other pools and channels do not.
import type pg from 'pg';
import { expect, it } from 'vitest';
import { CommittedNotifier, onLocalNotify } from './notifications.js';

/** A pool whose queries never answer: no NOTIFY ever comes back through it. */
const silentPool = () => ({ query: () => new Promise(() => undefined) }) as unknown as pg.Pool;

it('wakes the waits of the same pool and channel at each notify, and only those', () => {
  const pool = silentPool();
  const heard: string[] = [];
  const stop = onLocalNotify(pool, 'moved', () => heard.push('same pool and channel'));
  onLocalNotify(pool, 'elsewhere', () => heard.push('another channel'));
  onLocalNotify(silentPool(), 'moved', () => heard.push('another pool'));

  const notifier = new CommittedNotifier(pool, 'moved');
  notifier.notify();
  notifier.notify(); // its NOTIFY coalesces with the one in flight; the local wake does not wait for it
  expect(heard).toEqual(['same pool and channel', 'same pool and channel']);

  stop();
  notifier.notify();
  expect(heard).toHaveLength(2);
  notifier.close();
  notifier.notify();
  expect(heard).toHaveLength(2);
});
