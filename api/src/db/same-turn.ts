// Lookups made in the same turn of the event loop answered by one query. Requests that arrive
// together (a burst of certificate downloads, a page's parallel calls, many clients registering)
// each check their session and look up their registration: one statement per request cost Postgres
// ~0.35 ms of CPU each, on cores the API shares with it, while one statement for the lot costs
// little more than one. Nothing is cached: every lookup is answered by a query made after it was
// asked, so a sign-out or a change is seen exactly as without the batching.
import DataLoader from 'dataloader';

/** At most this many keys in one statement; more in the same turn go in further statements. */
const MAX_KEYS = 100;

/**
 * `lookup(key)` resolves to what `answer` maps the key to (null when it maps nothing). Every
 * `lookup` of one event-loop turn waits for the turn to end (`setImmediate`: the I/O callbacks
 * that turn brought have run) and shares one `answer` call; the same key asked twice is passed
 * once. A failed `answer` fails every lookup it was to answer.
 */
export function sameTurnLookup<K, V>(answer: (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>): (key: K) => Promise<V | null> {
  const loader = new DataLoader<K, V | null>(
    async (keys) => {
      const found = await answer([...new Set(keys)]);
      return keys.map((key) => found.get(key) ?? null);
    },
    { cache: false, maxBatchSize: MAX_KEYS, batchScheduleFn: (run) => setImmediate(run) },
  );
  return (key) => loader.load(key);
}

const ONLY = 0;

/** `read()` resolves to what one call of `answer` made after the turn it was asked in gave: every `read` of a turn shares it. */
export function sameTurnRead<V>(answer: () => Promise<V>): () => Promise<V> {
  const lookup = sameTurnLookup<typeof ONLY, { readonly value: V }>(async () => new Map([[ONLY, { value: await answer() }]]));
  return async () => (await lookup(ONLY))!.value;
}
