// POST /api/payment/local/payment-methods: the local test-mode provider "tokenises" a card into a
// payment-method id and a card summary. Only used when the server says the provider is `local`.
import { paymentMethodSummarySchema, type BillingDetails } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

import type { PaymentMethodSummary } from '../lib/sign-up';

export type LocalCardInput = {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  billing: BillingDetails;
};

export async function createLocalPaymentMethod(input: LocalCardInput): Promise<PaymentMethodSummary> {
  return apiCall('POST', '/api/payment/local/payment-methods', paymentMethodSummarySchema, input);
}
