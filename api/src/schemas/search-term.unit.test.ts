// The zod-free search-term rule the web app applies (search-term.ts) says exactly what the server's
// searchQuerySchema says, message included: for the terms QA found the two disagreeing on, and for
// any string.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';

import { searchQuerySchema } from './search.js';
import { searchTermProblem } from './search-term.js';

const serverSays = (q: string) => {
  const parsed = searchQuerySchema.safeParse({ q });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'refused');
};

describe('searchTermProblem', () => {
  test.each([
    ['😀', 'Search terms must be at least 2 characters.'],
    ['e\u0301', 'Search terms must be at least 2 characters.'],
    ['  a  ', 'Search terms must be at least 2 characters.'],
    ['ab\tcd', 'Search term contains a control character (U+0009) that is not allowed.'],
    ['😀😀', null],
    ['ab', null],
    ['x'.repeat(200), null],
    ['😀'.repeat(200), null],
    ['😀'.repeat(201), 'Search terms must be at most 200 characters.'],
  ])('%j: %s', (term, message) => {
    expect(searchTermProblem(term)).toBe(message);
    expect(serverSays(term)).toBe(message);
  });

  test('agrees with the server on any string', () => {
    const char = fc.oneof(fc.constantFrom('a', ' ', '\t', '\u0301', 'e', '😀', '\uD800', '\u00A0', '\u0085'), fc.string({ unit: 'binary', maxLength: 1 }));
    const term = fc.oneof(fc.string({ unit: 'binary', maxLength: 8 }), fc.array(char, { maxLength: 6 }).map((chars) => chars.join('')), fc.string({ minLength: 195, maxLength: 205 }));
    fc.assert(fc.property(term, (q) => searchTermProblem(q) === serverSays(q)), { numRuns: 2000 });
  });
});
