// POST /api/payment/create-intent from the checkout page (seed 001 §7.2): a one-time payment of
// the route's amount; the browser then goes to the checkout URL it returns.
import { useMutation } from '@tanstack/react-query';
import { createIntentResponseSchema } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';
import { PRODUCT_NAME } from '@/lib/site';

const CHECKOUT_SERVICE = 'title_registration';

export class CheckoutSetupError extends Error {
  override readonly name = 'CheckoutSetupError';

  constructor(override readonly cause: unknown) {
    super('Failed to initialize payment. Please try again.');
  }
}

async function createCheckoutIntent(amount: number): Promise<{ checkoutUrl: string }> {
  let checkoutUrl: string;
  try {
    ({ checkout_url: checkoutUrl } = await apiCall('POST', '/api/payment/create-intent', createIntentResponseSchema, {
      amount,
      currency: 'usd',
      payment_type: 'one-time',
      description: `${PRODUCT_NAME} - Title Registration ($${amount.toFixed(2)})`,
      metadata: { service: CHECKOUT_SERVICE, amount: amount.toFixed(2) },
    }));
  } catch (error) {
    throw new CheckoutSetupError(error);
  }
  if (checkoutUrl === '') throw new CheckoutSetupError(null);
  return { checkoutUrl };
}

export function useCreateCheckoutIntent() {
  return useMutation({ mutationFn: createCheckoutIntent });
}
