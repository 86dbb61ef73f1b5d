// GET /api/registry/public-key: the registry's Ed25519 key that signs `.tr` files, for the pinned
// `npm run verify -- file.tr --registry-key KEY` command the `.tr` check shows.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiCall } from '@/lib/api-client';
import { loadSchemas } from '@/lib/load-schemas';

async function getRegistryPublicKey() {
  const { registryPublicKeySchema } = await loadSchemas();
  return apiCall('GET', '/api/registry/public-key', registryPublicKeySchema);
}

const registryPublicKeyQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/registry/public-key'],
    queryFn: getRegistryPublicKey,
    staleTime: 60_000,
  });

export function useRegistryPublicKey() {
  return useQuery(registryPublicKeyQueryOptions());
}
