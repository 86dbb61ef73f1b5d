// GET /api/search?q=: public registration search. Fresh for 5 s (the spec's cache), and called
// only for a term the server accepts: by its own rule (longer than 1 character once normalised,
// counted in characters, no control characters), shared without zod for the first paint.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResult } from '@titleledger/api/schemas';
import { normalizeSearchTerm, SEARCH_MESSAGES, searchTermProblem } from '@titleledger/api/schemas/search-term';

import { apiCall } from '@/lib/api-client';
import { loadSearchSchemas } from '@/lib/load-schemas';

export type { SearchResult };

const SEARCH_FRESH_MS = 5000;

/** The spec: a search runs only when the term is longer than 1 character (as the server counts). */
export function isSearchable(term: string): boolean {
  return searchTermProblem(term) === null;
}

/**
 * Why the server would refuse a term that is long enough to search for (a control character pasted
 * into it), or null. A term still too short is no refusal: it is simply not searched yet.
 */
export function searchRefusal(term: string): string | null {
  const problem = searchTermProblem(term);
  return problem === SEARCH_MESSAGES.tooShort ? null : problem;
}

async function searchRegistrations(term: string): Promise<SearchResult[]> {
  // The schemas (and zod) load with the first search, not with the landing page's first paint.
  const { searchResultsSchema } = await loadSearchSchemas();
  return apiCall('GET', `/api/search?q=${encodeURIComponent(normalizeSearchTerm(term))}`, searchResultsSchema);
}

const searchQueryOptions = (term: string) =>
  queryOptions({
    queryKey: ['/api/search', normalizeSearchTerm(term)],
    queryFn: () => searchRegistrations(term),
    staleTime: SEARCH_FRESH_MS,
    enabled: isSearchable(term),
  });

export function useSearchRegistrations(term: string) {
  return useQuery(searchQueryOptions(term));
}
