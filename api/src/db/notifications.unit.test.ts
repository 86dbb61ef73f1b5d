// In-process wakes: a notifier's own process hears it at the call, before (and without) the NOTIFY's
// round trip through Postgres; other pools and channels do not.
import type pg from 'pg';
import { expect, it } from 'vitest';
import { CommittedNotifier, onLocalNotify, parsePayload } from './notifications.js';

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

it('hands each in-process wake the mark of its own notify', () => {
  const pool = silentPool();
  const marks: (bigint | undefined)[] = [];
  onLocalNotify(pool, 'appended', (mark) => marks.push(mark));
  const notifier = new CommittedNotifier(pool, 'appended');
  notifier.notify(7n);
  notifier.notify(5n);
  notifier.notify();
  expect(marks).toEqual([7n, 5n, undefined]);
  notifier.close();
});

it('reads a NOTIFY payload as the pool token and the mark, ignoring a mark that is not a number', () => {
  expect(parsePayload('token-a 123')).toEqual({ token: 'token-a', mark: 123n });
  expect(parsePayload('token-a')).toEqual({ token: 'token-a' });
  expect(parsePayload('token-a 12x')).toEqual({ token: 'token-a' });
  expect(parsePayload('token-a -1')).toEqual({ token: 'token-a' });
  expect(parsePayload(undefined)).toEqual({ token: '' });
});
