import { describe, expect, it } from 'vitest';
import { batchesOf } from './batches.js';

/** A source that yields `items` as fast as it is read, then throws `error` when given. */
async function* source(items: readonly number[], error?: Error): AsyncGenerator<number> {
  for (const item of items) yield item;
  if (error) throw error;
}

/** A source that yields only when `release` is called: a live subscription. */
function live() {
  const waiting: ((item: IteratorResult<number>) => void)[] = [];
  const pending: IteratorResult<number>[] = [];
  return {
    release(item: number | null) {
      const result: IteratorResult<number> = item === null ? { done: true, value: undefined } : { done: false, value: item };
      const next = waiting.shift();
      if (next) next(result);
      else pending.push(result);
    },
    iterable: {
      [Symbol.asyncIterator]: () => ({
        next: () => new Promise<IteratorResult<number>>((resolve) => (pending.length ? resolve(pending.shift()!) : waiting.push(resolve))),
      }),
    } as AsyncIterable<number>,
  };
}

describe('batchesOf', () => {
  it('hands a burst over in batches of at most `max`, everything in order, nothing twice', async () => {
    const items = Array.from({ length: 1000 }, (_, i) => i);
    const batches: number[][] = [];
    for await (const batch of batchesOf(source(items), 100)) {
      batches.push(batch);
      // The consumer is slow: the pump reads ahead meanwhile.
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(batches.flat()).toEqual(items);
    expect(batches.every((b) => b.length <= 100)).toBe(true);
    // Not one item per turn: the read-ahead fills batches.
    expect(batches.length).toBeLessThan(100);
  });

  it('delivers what arrived before the source failed, then throws its error', async () => {
    const seen: number[] = [];
    const run = async () => {
      for await (const batch of batchesOf(source([1, 2, 3], new Error('subscription dropped')), 10)) seen.push(...batch);
    };
    await expect(run()).rejects.toThrow('subscription dropped');
    expect(seen).toEqual([1, 2, 3]);
  });

  it('delivers a live item as soon as it comes, and ends when the source ends', async () => {
    const feed = live();
    const batches = batchesOf(feed.iterable, 50);
    feed.release(7);
    expect((await batches.next()).value).toEqual([7]);
    feed.release(8);
    feed.release(9);
    const next = await batches.next();
    expect(next.value?.[0]).toBe(8);
    const rest = next.value!.length === 2 ? [] : ((await batches.next()).value ?? []);
    expect([...next.value!, ...rest]).toEqual([8, 9]);
    feed.release(null);
    expect((await batches.next()).done).toBe(true);
  });

  it('refuses an empty batch size', async () => {
    await expect(batchesOf(source([1]), 0).next()).rejects.toThrow('at least one item');
  });
});
