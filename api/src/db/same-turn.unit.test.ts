// Lookups of one event-loop turn answered together: which keys each answer is asked for, and what
// every caller gets back.
import { describe, expect, it } from 'vitest';
import { sameTurnLookup } from './same-turn.js';

/** A lookup over `known` that records the keys of every call. */
function recorded(known: ReadonlyMap<string, number>) {
  const calls: string[][] = [];
  const lookup = sameTurnLookup(async (keys: readonly string[]) => {
    calls.push([...keys]);
    return new Map(keys.flatMap((key) => (known.has(key) ? [[key, known.get(key)!] as const] : [])));
  });
  return { calls, lookup };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('sameTurnLookup', () => {
  it('answers the lookups of one turn with one call, each key once, and null for what it does not map', async () => {
    const { calls, lookup } = recorded(new Map([['a', 1], ['b', 2]]));
    const answers = await Promise.all(['a', 'b', 'a', 'missing', 'a'].map(lookup));
    expect(answers).toEqual([1, 2, 1, null, 1]);
    expect(calls).toEqual([['a', 'b', 'missing']]);
  });

  it('asks again for a key asked in a later turn: nothing is kept between turns', async () => {
    const known = new Map([['a', 1]]);
    const { calls, lookup } = recorded(known);
    expect(await lookup('a')).toBe(1);
    known.set('a', 2);
    await nextTurn();
    expect(await lookup('a')).toBe(2);
    expect(calls).toEqual([['a'], ['a']]);
  });

  it('asks for lookups made in separate turns separately', async () => {
    const { calls, lookup } = recorded(new Map([['a', 1], ['b', 2]]));
    const first = lookup('a');
    await nextTurn();
    const second = lookup('b');
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(calls).toEqual([['a'], ['b']]);
  });

  it('splits a turn of more than 100 keys into calls of at most 100', async () => {
    const keys = Array.from({ length: 250 }, (_, i) => `k${i}`);
    const { calls, lookup } = recorded(new Map(keys.map((key, i) => [key, i])));
    expect(await Promise.all(keys.map(lookup))).toEqual(keys.map((_, i) => i));
    expect(calls.map((call) => call.length)).toEqual([100, 100, 50]);
  });

  it('fails every lookup of a call that fails, and answers the next turn afresh', async () => {
    let fail = true;
    const lookup = sameTurnLookup(async (keys: readonly string[]) => {
      if (fail) throw new Error('database unreachable');
      return new Map(keys.map((key) => [key, key.length]));
    });
    const results = await Promise.allSettled([lookup('a'), lookup('bb')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toEqual(new Error('database unreachable'));
    fail = false;
    await nextTurn();
    expect(await lookup('bb')).toBe(2);
  });
});
