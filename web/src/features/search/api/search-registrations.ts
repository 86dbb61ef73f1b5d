// GET /api/search?q=: public registration search. Fresh for 5 s (the spec's cache), and never
// called for a term of one character or less.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResult } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';
import { loadSearchSchemas } from '@/lib/load-schemas';

export type { SearchResult };

const SEARCH_FRESH_MS = 5000;

/** The spec: a search runs only when the term is longer than 1 character. */
export function isSearchable(term: string): boolean {
  return term.trim().length > 1;
}

async function searchRegistrations(term: string): Promise<SearchResult[]> {
  // The schemas (and zod) load with the first search, not with the landing page's first paint.
  const { searchResultsSchema } = await loadSearchSchemas();
  return apiCall('GET', `/api/search?q=${encodeURIComponent(term.trim())}`, searchResultsSchema);
}

const searchQueryOptions = (term: string) =>
  queryOptions({
    queryKey: ['/api/search', term.trim()],
    queryFn: () => searchRegistrations(term),
    staleTime: SEARCH_FRESH_MS,
    enabled: isSearchable(term),
  });

export function useSearchRegistrations(term: string) {
  return useQuery(searchQueryOptions(term));
}
