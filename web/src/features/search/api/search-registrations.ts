// GET /api/search?q=: public registration search. Fresh for 5 s (the spec's cache), and never
// called for a term of one character or less.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

export type SearchResult = {
  tr_number: string;
  title: string;
  registrant_name: string;
  material_type: string;
  registration_date: string;
  status: string;
};

const SEARCH_FRESH_MS = 5000;

/** The spec: a search runs only when the term is longer than 1 character. */
export function isSearchable(term: string): boolean {
  return term.trim().length > 1;
}

async function searchRegistrations(term: string): Promise<SearchResult[]> {
  const response = await apiRequest('GET', `/api/search?q=${encodeURIComponent(term.trim())}`);
  return (await response.json()) as SearchResult[];
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
