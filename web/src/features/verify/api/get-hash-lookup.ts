// GET /api/titles/by-hash/{sha256}: the registrations whose file (or registration) hash this is,
// oldest first. What a verifier holding only the work, or only a hash, looks up: no TR number needed.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TitleHashLookup } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';
import { loadSchemas } from '@/lib/load-schemas';

export type HashMatch = TitleHashLookup['matches'][number];

async function getHashLookup(hash: string): Promise<readonly HashMatch[]> {
  const { titleHashLookupSchema } = await loadSchemas();
  return (await apiCall('GET', `/api/titles/by-hash/${encodeURIComponent(hash)}`, titleHashLookupSchema)).matches;
}

const hashLookupQueryOptions = (hash: string) =>
  queryOptions({ queryKey: ['/api/titles/by-hash', hash], queryFn: () => getHashLookup(hash) });

/** Looks `hash` up once it is known (undefined: not yet). */
export function useHashLookup(hash: string | undefined) {
  return useQuery({ ...hashLookupQueryOptions(hash ?? ''), enabled: Boolean(hash) });
}
