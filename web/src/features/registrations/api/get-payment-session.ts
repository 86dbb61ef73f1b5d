// GET /api/payment/session/:id: the server's word on a payment. The address the provider sends
// the browser back to only claims success; this is what the wizard believes.
import { queryOptions } from '@tanstack/react-query';
import type { PaymentSession } from '@titleledger/api/schemas';

import { apiRequest } from '@/lib/api-client';

async function getPaymentSession(id: string): Promise<PaymentSession> {
  const response = await apiRequest('GET', `/api/payment/session/${encodeURIComponent(id)}`);
  const body = (await response.json()) as Partial<PaymentSession>;
  return {
    id: typeof body.id === 'string' ? body.id : id,
    status: body.status === 'succeeded' || body.status === 'failed' ? body.status : 'open',
    paid: body.paid === true,
    amount: typeof body.amount === 'number' ? body.amount : 0,
    currency: typeof body.currency === 'string' ? body.currency : 'usd',
    used: body.used === true,
  };
}

export const paymentSessionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/payment/session', id],
    queryFn: () => getPaymentSession(id),
    // A payment's state changes outside this page (it gets used); always ask again.
    staleTime: 0,
    gcTime: 0,
  });
