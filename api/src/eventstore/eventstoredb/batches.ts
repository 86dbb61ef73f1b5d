// Batches from a stream that hands over one item at a time (an EventStoreDB subscription): a pump reads
// ahead into a queue while the consumer works, and each turn the consumer takes everything queued (up
// to `max`). A catch-up therefore arrives in full batches, one projection transaction each, while a
// quiet live subscription still delivers each event as it comes. An error of the source is thrown
// only after the items received before it were taken, so nothing read is lost.

/** The pump pauses once this many batches are queued, so a slow consumer bounds the memory held. */
const READ_AHEAD_BATCHES = 4;

export async function* batchesOf<T>(source: AsyncIterable<T>, max: number): AsyncGenerator<T[]> {
  if (!Number.isSafeInteger(max) || max < 1) throw new Error(`a batch holds at least one item, not ${max}`);
  const queue: T[] = [];
  let ended = false;
  let failure: { error: unknown } | null = null;
  let stopped = false;
  let wakeConsumer: (() => void) | null = null;
  let wakePump: (() => void) | null = null;
  const signal = (which: 'consumer' | 'pump') => {
    const wake = which === 'consumer' ? wakeConsumer : wakePump;
    if (which === 'consumer') wakeConsumer = null;
    else wakePump = null;
    wake?.();
  };

  const pump = (async () => {
    try {
      for await (const item of source) {
        queue.push(item);
        signal('consumer');
        while (queue.length >= max * READ_AHEAD_BATCHES && !stopped) await new Promise<void>((resolve) => (wakePump = resolve));
        if (stopped) break;
      }
    } catch (error) {
      failure = { error };
    } finally {
      ended = true;
      signal('consumer');
    }
  })();

  try {
    for (;;) {
      if (queue.length > 0) {
        const batch = queue.splice(0, max);
        signal('pump');
        yield batch;
        continue;
      }
      if (ended) {
        if (failure) throw (failure as { error: unknown }).error;
        return;
      }
      await new Promise<void>((resolve) => (wakeConsumer = resolve));
    }
  } finally {
    // The consumer left (returned, threw or was told to stop): let the pump go, without waiting for a
    // source that may never yield again; the caller ends the source (unsubscribe).
    stopped = true;
    signal('pump');
    void pump;
  }
}
