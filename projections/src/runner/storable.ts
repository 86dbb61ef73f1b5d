// What the log accepted, Postgres may refuse: `text` and `jsonb` hold no U+0000, and no unpaired
// surrogate survives the trip to UTF-8. A read model must never depend on that, so every string a
// projection is handed (the event's data and metadata, and whatever it unseals itself) is made
// storable first: each such character becomes U+FFFD, the Unicode replacement character, the way a
// decoder shows bytes it cannot read. Everything else passes through unchanged (the same object).

/* eslint-disable no-control-regex -- matching NUL is the point */
const UNSTORABLE = /\u0000|\p{Cs}/u;
const UNSTORABLE_ALL = /\u0000|\p{Cs}/gu;
/* eslint-enable no-control-regex */

/** `value` with every NUL and unpaired surrogate replaced by U+FFFD. */
export function storableText(value: string): string {
  return UNSTORABLE.test(value) ? value.replace(UNSTORABLE_ALL, '\uFFFD') : value;
}

/** Deeply: strings (keys too) made storable; objects and arrays copied only when something changed. */
export function storable<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (Array.isArray(value)) {
    let changed = false;
    const out = (value as unknown[]).map((item) => {
      const next = storable(item);
      if (next !== item) changed = true;
      return next;
    });
    return (changed ? out : value) as T;
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const safeKey = storableText(key);
      const next = storable(item);
      if (next !== item || safeKey !== key) changed = true;
      out[safeKey] = next;
    }
    return (changed ? out : value) as T;
  }
  return value;
}
