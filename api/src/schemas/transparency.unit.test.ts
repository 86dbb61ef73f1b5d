// The log's proof queries name each bad parameter once: a comparison of two parameters is made only
// when both are numbers (QA 38 finding 8: "from=abc" also drew "from must not be above to").
import { describe, expect, it } from 'vitest';
import { consistencyProofQuery, inclusionProofQuery } from './transparency.js';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('the log proof queries', () => {
  it('a consistency query with a parameter that is not a number names only that', () => {
    expect(messages(consistencyProofQuery.safeParse({ from: 'abc', to: '3' }))).toEqual(['from must be a whole number']);
    expect(messages(consistencyProofQuery.safeParse({ from: '3', to: 'x' }))).toEqual(['to must be a whole number']);
    expect(messages(consistencyProofQuery.safeParse({ from: '0', to: '3' }))).toEqual(['from must be at least 1']);
  });

  it('still compares two numbers', () => {
    expect(messages(consistencyProofQuery.safeParse({ from: '5', to: '4' }))).toEqual(['from must not be above to']);
    expect(consistencyProofQuery.parse({ from: '4', to: '5' })).toEqual({ from: 4, to: 5 });
    expect(messages(inclusionProofQuery.safeParse({ index: '5', treeSize: '5' }))).toEqual(['index must be below treeSize']);
    expect(messages(inclusionProofQuery.safeParse({ index: 'abc', treeSize: '5' }))).toEqual(['index must be a whole number']);
  });
});
