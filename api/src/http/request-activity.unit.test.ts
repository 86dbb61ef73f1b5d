// Background work waits for a quiet moment of the API: nothing in flight for `quietMs`, or its deadline.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { RequestActivity } from './request-activity.js';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Whether `promise` has settled once the microtasks queued so far have run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

it('is quiet at once when no request has been in flight for the quiet time', async () => {
  const activity = new RequestActivity({ quietMs: 25 });
  expect(await settled(activity.quiet(Date.now() + 10_000))).toBe(true);
});

it('waits while a request is in flight, then for the quiet time after it ends', async () => {
  const activity = new RequestActivity({ quietMs: 25 });
  const end = activity.begin();
  const quiet = activity.quiet(Date.now() + 10_000);
  await vi.advanceTimersByTimeAsync(5_000);
  expect(await settled(quiet)).toBe(false);
  end();
  await vi.advanceTimersByTimeAsync(24);
  expect(await settled(quiet)).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(await settled(quiet)).toBe(true);
});

it('starts the quiet time again when another request comes before it has passed', async () => {
  const activity = new RequestActivity({ quietMs: 25 });
  activity.begin()();
  const quiet = activity.quiet(Date.now() + 10_000);
  await vi.advanceTimersByTimeAsync(20);
  const second = activity.begin();
  await vi.advanceTimersByTimeAsync(20);
  second();
  second(); // ending twice (response sent, then the connection closed) counts once
  await vi.advanceTimersByTimeAsync(24);
  expect(await settled(quiet)).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(await settled(quiet)).toBe(true);
  expect(activity.isQuiet()).toBe(true);
});

it('gives way at the deadline under requests that never pause', async () => {
  const activity = new RequestActivity({ quietMs: 25 });
  const deadline = Date.now() + 1_000;
  let end = activity.begin();
  const quiet = activity.quiet(deadline);
  for (let t = 0; t < 990; t += 10) {
    await vi.advanceTimersByTimeAsync(10);
    end();
    end = activity.begin(); // the next request comes at once
  }
  expect(await settled(quiet)).toBe(false);
  await vi.advanceTimersByTimeAsync(10);
  expect(await settled(quiet)).toBe(true);
  end();
  expect(await settled(activity.quiet(deadline))).toBe(true); // past its deadline: at once
});
