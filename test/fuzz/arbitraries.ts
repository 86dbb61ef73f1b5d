// fast-check generators for the fuzz suite: values shaped by the shared zod schemas (a small zod 4
// → arbitrary bridge: zod-fast-check only knows zod 3), hostile values of every JSON type, and
// bodies made from a valid request with some fields swapped for hostile ones.
import fc from 'fast-check';
import type { z } from 'zod';

/** Characters the edge must refuse or handle: NUL, C0/C1 controls, lone surrogates, bidi, BOM, line breaks. */
const NASTY_CHARS = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009f', '\ud800', '\udfff', '\u202e', '\u2066', '\u200b', '\ufeff', '\n', '\r', '\t'];
const SHARP_CHARS = ["'", '"', '\\', '/', '%', '<', '>', '&', ';', '{', '}', '$', '`', '*', '?', '#'];
const PLAIN_CHARS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .-@_'];

const unit = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...PLAIN_CHARS) },
  { weight: 2, arbitrary: fc.constantFrom(...SHARP_CHARS) },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_CHARS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom('e\u0301', 'ﬁ', 'Å', '🎻', '👩‍👩‍👧', '\u0645\u0631\u062d\u0628\u0627') },
);

/** Text as people (and attackers) type it. */
export const anyText = (maxLength = 60, minLength = 0) => fc.string({ unit, minLength, maxLength });

/** Strings a server must survive: the findings and the usual suspects. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: anyText(80) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      'a\u0000b',
      '\u0000',
      '\ud800',
      'x\udc00y',
      'evil\u202etxt.exe',
      '../../../../etc/passwd',
      '..%2F..%2Fetc%2Fpasswd',
      "' OR '1'='1",
      "'; DROP TABLE users; --",
      '$(rm -rf /)',
      '{"$ne":null}',
      '__proto__',
      'constructor',
      '<script>alert(1)</script>',
      'NaN',
      '-1',
      '1e309',
      'TR-COPY-2026-AAAAAAAA',
      'lcs_does_not_exist',
      '%00',
      '\r\n\r\n--boundary',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(900_000, 65, 257, 10_001, 100_000).map((n) => 'A'.repeat(n)) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...NASTY_CHARS), fc.integer({ min: 1, max: 5000 })).map(([c, n]) => c.repeat(n)) },
);

/** JSON nested `depth` deep, as text (JSON.stringify would refuse nothing, but builds it slowly). */
const deepJson = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;

/** Any JSON value, hostile strings included. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.constantFrom(0, -1, 2 ** 53, -(2 ** 63), 1e308)) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 60 }).map((depth) => JSON.parse(deepJson(depth, '{"a":', '}').replace(/:}/, ':1}')) as unknown) },
);

type AnyDef = { type: string; [key: string]: unknown };
const defOf = (schema: unknown) => (schema as { def: AnyDef }).def;

/** Values shaped by `schema`: the right types and keys, text from `anyText` (so mostly valid, sometimes not). */
export function fromSchema(schema: z.ZodType): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const required = Object.keys(shape).filter((k) => !['optional', 'default'].includes(defOf(shape[k]).type));
      return fc.record(Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, fromSchema(s)])), { requiredKeys: required });
    }
    case 'optional':
    case 'default':
      return fc.option(fromSchema(def.innerType as z.ZodType), { nil: undefined });
    case 'nullable':
      return fc.option(fromSchema(def.innerType as z.ZodType), { nil: null });
    case 'pipe': {
      const out = def.out as z.ZodType;
      return defOf(out).type === 'string' && (out as unknown as { format?: string }).format === 'email'
        ? fc.oneof(fc.emailAddress(), anyText(40))
        : fromSchema(def.in as z.ZodType);
    }
    case 'string': {
      const s = schema as unknown as { minLength: number | null; maxLength: number | null; format?: string | null };
      if (s.format === 'email') return fc.oneof(fc.emailAddress(), anyText(40));
      const max = Math.min(s.maxLength ?? 80, 120);
      return anyText(max, Math.min(s.minLength ?? 0, max));
    }
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'boolean':
      return fc.boolean();
    case 'number':
      return fc.oneof(fc.integer({ min: -5, max: 3000 }), fc.double({ min: -1, max: 200_000, noNaN: true }));
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map(fromSchema));
    default:
      return hostileValue;
  }
}

/** `valid` with one to three fields replaced by hostile values or removed, or a key added. */
export function mutated(valid: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(valid);
  const change = fc.record({
    key: fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: hostileString }),
    value: fc.option(hostileValue, { nil: undefined, freq: 8 }),
  });
  return fc.array(change, { minLength: 1, maxLength: 3 }).map((changes) => {
    const out: Record<string, unknown> = { ...valid };
    for (const { key, value } of changes) {
      if (value === undefined) delete out[key];
      else Object.defineProperty(out, key, { value, enumerable: true, configurable: true, writable: true });
    }
    return out;
  });
}

/** A whole JSON body: schema-shaped, a mutated valid one, any value, or text that is not JSON at all. */
export function jsonBody(schema: z.ZodType | null, valid: Record<string, unknown>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: mutated(valid).map((v) => JSON.stringify(v)) },
    { weight: 3, arbitrary: (schema ? fromSchema(schema) : hostileValue).map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: hostileValue.map((v) => JSON.stringify(v) ?? 'null') },
    {
      weight: 1,
      arbitrary: fc.constantFrom('', '{', '{"a":', 'null', '[]', '"just a string"', '{"__proto__":{"isAdmin":true}}', deepJson(5000), deepJson(100_000), '\u0000', '{"a":"\\ud800"}', '{"a":"\\u0000"}'),
    },
  );
}
