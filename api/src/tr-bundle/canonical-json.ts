// Canonical JSON for signatures: RFC 8785 (JCS) restricted to what the .tr bundle holds — objects
// with keys sorted by UTF-16 code units, arrays, strings, safe integers, booleans and null; no
// whitespace. Anything else (floats, undefined, NaN) is refused, not guessed.
//
// Strings are escaped exactly as docs/proof-format.md ("Escaping") states, written out here rather
// than left to JSON.stringify so the rule is visible and cannot move with the runtime:
//   "  → \"      \  → \\      U+0008 → \b   U+0009 → \t   U+000A → \n   U+000C → \f   U+000D → \r
//   any other U+0000–U+001F → \u00XX (4 lowercase hex digits)
//   a lone surrogate (U+D800–U+DFFF not part of a pair) → \uXXXX (4 lowercase hex digits)
//   everything else (including /, U+007F, U+2028, U+2029 and every non-ASCII character) as itself.
// The result is then UTF-8 encoded; lone surrogates being escaped keeps those bytes valid UTF-8.
const SHORT_ESCAPES: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '\b': '\\b',
  '\t': '\\t',
  '\n': '\\n',
  '\f': '\\f',
  '\r': '\\r',
};

const hex4 = (unit: number) => `\\u${unit.toString(16).padStart(4, '0')}`;

function quoteJsonString(value: string): string {
  let out = '"';
  for (let i = 0; i < value.length; i += 1) {
    const char = value[i]!;
    const unit = value.charCodeAt(i);
    const short = SHORT_ESCAPES[char];
    if (short !== undefined) {
      out += short;
    } else if (unit < 0x20) {
      out += hex4(unit);
    } else if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += char + value[i + 1]!;
        i += 1;
      } else {
        out += hex4(unit);
      }
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      out += hex4(unit);
    } else {
      out += char;
    }
  }
  return `${out}"`;
}

export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return quoteJsonString(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isSafeInteger(value)) throw new Error(`canonicalJson: only safe integers are allowed, got ${value}`);
      return String(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
      const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
      entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, v]) => `${quoteJsonString(k)}:${canonicalJson(v)}`).join(',')}}`;
    }
    default:
      throw new Error(`canonicalJson: unsupported ${typeof value}`);
  }
}
