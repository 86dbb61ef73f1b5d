// What the public search accepts as a term, without zod, so the web app can apply the server's rule
// while it paints its first page (the search box is on it, zod is not): the term is NFC-normalised
// and trimmed, its length counted in characters (code points, as the schemas count), and it may
// hold no control character. `searchQuerySchema` (search.ts) enforces the same on the server, with
// the same messages; search-term.unit.test.ts holds the two to agreement.
import { textProblem } from './text-problem.js';

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 200;

export const SEARCH_TERM_LABEL = 'Search term';
export const SEARCH_MESSAGES = {
  required: 'Give a search term in the q parameter.',
  tooShort: `Search terms must be at least ${SEARCH_MIN_LENGTH} characters.`,
  tooLong: `Search terms must be at most ${SEARCH_MAX_LENGTH} characters.`,
} as const;

/** The term as the server searches for it. */
export const normalizeSearchTerm = (term: string): string => term.normalize('NFC').trim();

/** Why the server would refuse `term` (its message), or null when it searches for it. */
export function searchTermProblem(term: string): string | null {
  const problem = textProblem(term, SEARCH_TERM_LABEL);
  if (problem) return problem;
  const length = [...normalizeSearchTerm(term)].length;
  if (length < SEARCH_MIN_LENGTH) return SEARCH_MESSAGES.tooShort;
  if (length > SEARCH_MAX_LENGTH) return SEARCH_MESSAGES.tooLong;
  return null;
}
