// GET /api/payment/config: which card provider tokenises cards here (the local test-mode one or
// Stripe), for Stripe the publishable key, and the registration fee: the server's configured fee is
// the one every page shows and the wizard pays (never a price written into the web app).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentConfig, RegistrationFee } from '@titleledger/api/schemas/payment-config';

import { apiCall } from '@/lib/api-client';
import { loadPaymentConfigSchemas } from '@/lib/load-schemas';

// The schemas (and zod) load with the first call, not with the landing page's first paint; the
// shared fee formatter comes with them, so it is there whenever a fee is.
let formatFee: ((fee: RegistrationFee) => string) | undefined;

async function getPaymentConfig(): Promise<PaymentConfig> {
  const schemas = await loadPaymentConfigSchemas();
  formatFee = schemas.formatFee;
  return apiCall('GET', '/api/payment/config', schemas.paymentConfigSchema);
}

export const paymentConfigQueryOptions = () =>
  queryOptions({ queryKey: ['/api/payment/config'], queryFn: getPaymentConfig, staleTime: 5 * 60_000 });

export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions());
}

/** The fee and how to print it; `label` reads "…" until the server has answered. */
export function useRegistrationFee(): { fee: RegistrationFee | undefined; label: string } {
  const { data } = usePaymentConfig();
  const fee = data?.registrationFee;
  return { fee, label: fee && formatFee ? formatFee(fee) : '…' };
}
