// GET /api/registry/keys: every key the registry has signed `.tr` files with, for the pinned
// `npm run verify -- file.tr --registry-key KEY` command the `.tr` check shows (the key that signed
// that file, which after a rotation is not the current one).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiCall } from '@/lib/api-client';
import { loadSchemas } from '@/lib/load-schemas';

async function getRegistryKeys() {
  const { registryKeysResponse } = await loadSchemas();
  return apiCall('GET', '/api/registry/keys', registryKeysResponse);
}

const registryKeysQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/registry/keys'],
    queryFn: getRegistryKeys,
    staleTime: 60_000,
  });

export function useRegistryKeys() {
  return useQuery(registryKeysQueryOptions());
}
