// GET /api/payment/config: which card provider tokenises cards here (the local test-mode one or
// Stripe) and, for Stripe, the publishable key.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentConfigSchema, type PaymentConfig } from '@titleledger/api/schemas';

import { apiRequest } from '@/lib/api-client';

export async function getPaymentConfig(): Promise<PaymentConfig> {
  const response = await apiRequest('GET', '/api/payment/config');
  return paymentConfigSchema.parse(await response.json());
}

export const paymentConfigQueryOptions = () =>
  queryOptions({ queryKey: ['/api/payment/config'], queryFn: getPaymentConfig });

export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions());
}
