// How long a caught-up Postgres subscriber sleeps (`nextPause`): fast only while a commit it was woken
// for is still hidden behind an older transaction, within the window after the wake-up; else the
// fallback poll. Polling fast after the read that showed the commit only finds nothing, again and again.
import { describe, expect, it } from 'vitest';
import { nextPause, type PollState } from './postgres-event-store.js';

const state = (changes: Partial<PollState> = {}): PollState => ({
  listening: true,
  now: 1_000,
  fastUntil: 1_250,
  awaited: 41n,
  horizon: 42n,
  fastPause: 4,
  pollIntervalMs: 20,
  listenPollIntervalMs: 1_000,
  ...changes,
});

describe('nextPause', () => {
  it('waits for the next wake-up (the fallback poll) once a read has passed the commit it was woken for', () => {
    expect(nextPause(state({ awaited: 41n, horizon: 42n }))).toEqual({ ms: 1_000, fast: false });
  });

  it('polls fast while that commit is not visible yet: an older transaction still runs', () => {
    expect(nextPause(state({ awaited: 42n, horizon: 42n }))).toEqual({ ms: 4, fast: true });
    expect(nextPause(state({ awaited: 50n, horizon: 42n }))).toEqual({ ms: 4, fast: true });
  });

  it('gives up the fast poll when the window after the wake-up has passed, even if the commit is still hidden', () => {
    expect(nextPause(state({ awaited: 50n, now: 1_250 }))).toEqual({ ms: 1_000, fast: false });
  });

  it('is never fast before any wake-up named a commit', () => {
    expect(nextPause(state({ awaited: -1n, horizon: 0n }))).toEqual({ ms: 1_000, fast: false });
  });

  it('polls at its own interval while it cannot LISTEN', () => {
    expect(nextPause(state({ listening: false, awaited: 50n }))).toEqual({ ms: 20, fast: false });
    expect(nextPause(state({ listening: false }))).toEqual({ ms: 20, fast: false });
  });
});
