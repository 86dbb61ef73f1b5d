// GET /api/verifier: the one-file verifier this site gives for download, with its size and SHA-256,
// for the pinned command the `.tr` check shows (`node titleledger-verify.mjs file.tr …`).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiCall } from '@/lib/api-client';
import { loadSchemas } from '@/lib/load-schemas';

async function getVerifierDownload() {
  const { verifierDownloadSchema } = await loadSchemas();
  return apiCall('GET', '/api/verifier', verifierDownloadSchema);
}

const verifierDownloadQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/verifier'],
    queryFn: getVerifierDownload,
    staleTime: 60_000,
  });

export function useVerifierDownload() {
  return useQuery(verifierDownloadQueryOptions());
}
