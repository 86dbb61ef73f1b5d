// GET /api/payment/unused: the signed-in user's paid registration payments that no registration has
// used, newest first, so the review step can offer one instead of a second charge (a paid wizard's
// address can be lost: the tab closed, the wizard left for another page).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unusedPaymentsSchema, type UnusedPayments } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

async function getUnusedPayments(): Promise<UnusedPayments> {
  return apiCall('GET', '/api/payment/unused', unusedPaymentsSchema);
}

export const unusedPaymentsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/payment/unused'],
    queryFn: getUnusedPayments,
    // Payments are made and used outside this page: ask again each time the review step shows.
    staleTime: 0,
  });

export function useUnusedPayments(options: { enabled: boolean }) {
  return useQuery({ ...unusedPaymentsQueryOptions(), enabled: options.enabled });
}
