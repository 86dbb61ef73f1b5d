// GET /api/ledger/status: which chain and which registry contract this site anchors in. The `.tr`
// check reads the chain in that contract, and shows it in the pinned `npm run verify` command.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiCall } from '@/lib/api-client';
import { loadSchemas } from '@/lib/load-schemas';

async function getLedgerStatus() {
  const { ledgerStatusSchema } = await loadSchemas();
  return apiCall('GET', '/api/ledger/status', ledgerStatusSchema);
}

export const ledgerStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/ledger/status'],
    queryFn: getLedgerStatus,
    staleTime: 60_000,
  });

export function useLedgerStatus() {
  return useQuery(ledgerStatusQueryOptions());
}
