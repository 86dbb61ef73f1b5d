// GET /api/payment/session/:id: the server's word on a payment. The address the provider sends
// the browser back to only claims success; this is what the wizard believes.
import { queryOptions } from '@tanstack/react-query';
import { paymentSessionSchema, type PaymentSession } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

async function getPaymentSession(id: string): Promise<PaymentSession> {
  return apiCall('GET', `/api/payment/session/${encodeURIComponent(id)}`, paymentSessionSchema);
}

export const paymentSessionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/payment/session', id],
    queryFn: () => getPaymentSession(id),
    // A payment's state changes outside this page (it gets used); always ask again.
    staleTime: 0,
    gcTime: 0,
  });
