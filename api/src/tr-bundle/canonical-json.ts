// Canonical JSON for signatures: RFC 8785 (JCS) restricted to what the .tr bundle holds — objects
// with keys sorted by UTF-16 code units, arrays, strings (JSON.stringify escaping), safe integers,
// booleans and null; no whitespace. Anything else (floats, undefined, NaN) is refused, not guessed.
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isSafeInteger(value)) throw new Error(`canonicalJson: only safe integers are allowed, got ${value}`);
      return String(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
      const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
      entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
    }
    default:
      throw new Error(`canonicalJson: unsupported ${typeof value}`);
  }
}
