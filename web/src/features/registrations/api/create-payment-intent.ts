// POST /api/payment/create-intent from the wizard (seed 001 §7.2): the registration fee (the one the
// server configures, from GET /api/payment/config), then the browser goes to the checkout page it
// returns. Failures carry the §8.1 wording.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createIntentResponseSchema, feeAmount, type RegistrationFee } from '@titleledger/api/schemas';

import { paymentConfigQueryOptions } from '@/hooks/use-payment-config';
import { ApiError, apiCall, UnexpectedReplyError } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { PRODUCT_NAME } from '@/lib/site';

export type CreatedPayment = { checkoutUrl: string; sessionId: string };

async function createRegistrationPayment(input: { title: string; email: string; fee: RegistrationFee }): Promise<CreatedPayment> {
  let created: { checkout_url: string; session_id: string };
  try {
    created = await apiCall('POST', '/api/payment/create-intent', createIntentResponseSchema, {
      amount: feeAmount(input.fee),
      payment_type: 'copyright_registration',
      description: `${PRODUCT_NAME} - Copyright Registration Fee`,
      metadata: { title: input.title, email: input.email },
    });
  } catch (error) {
    if (error instanceof ApiError) throw new Error(errorMessage(error, 'Failed to create payment intent'));
    if (error instanceof UnexpectedReplyError) throw new Error('No payment session created');
    throw new Error('Payment request failed');
  }
  if (created.checkout_url === '' || created.session_id === '') throw new Error('No payment session created');
  return { checkoutUrl: created.checkout_url, sessionId: created.session_id };
}

export function useCreateRegistrationPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { title: string; email: string }) => {
      const { registrationFee } = await queryClient.fetchQuery(paymentConfigQueryOptions());
      return createRegistrationPayment({ ...input, fee: registrationFee });
    },
  });
}
