// POST /api/payment/create-intent from the checkout page (seed 001 §7.2). What the payment is for and
// how much it is are fixed by the server: a title registration, at the fee it serves
// (GET /api/payment/config), so the payment always pays for a registration. The provider sends the
// payer back to /checkout/success (then the wizard), or to /checkout with `payment=cancelled|declined`.
import { useMutation } from '@tanstack/react-query';
import { feeAmount, createIntentResponseSchema, type RegistrationFee } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { PRODUCT_NAME } from '@/lib/site';

const CHECKOUT_SERVICE = 'title_registration';

export class CheckoutSetupError extends Error {
  override readonly name = 'CheckoutSetupError';

  constructor(override readonly cause: unknown) {
    super('Failed to initialize payment. Please try again.');
  }
}

async function createCheckoutIntent(fee: RegistrationFee): Promise<{ checkoutUrl: string }> {
  let checkoutUrl: string;
  try {
    ({ checkout_url: checkoutUrl } = await apiCall('POST', '/api/payment/create-intent', createIntentResponseSchema, {
      amount: feeAmount(fee),
      currency: fee.currency,
      payment_type: 'copyright_registration',
      description: `${PRODUCT_NAME} - Title Registration`,
      // Seed 001 §7.2: the checkout's metadata names the service and the amount.
      metadata: {
        service: CHECKOUT_SERVICE,
        amount: feeAmount(fee),
        success_path: `${paths.checkoutSuccess}?status=succeeded`,
        cancel_path: `${paths.checkout}?payment=cancelled`,
      },
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
