// Card entry for the local test-mode provider: number, expiry and CVC, checked in the browser
// and sent once to POST /api/payment/local/payment-methods. Clearly marked: nothing is charged.
import { localPaymentMethodRequestSchema } from '@titleledger/api/schemas';
import { FlaskConical } from 'lucide-react';
import { useImperativeHandle, useState, type Ref } from 'react';

import { Field } from '@/components/field';
import { Input } from '@/components/input';
import { errorMessage, errorStatus } from '@/lib/api-error';

import { createLocalPaymentMethod } from '../api/create-local-payment-method';
import { digitsOnly, formatCardNumber, formatExpiry, isExpired, parseExpiry } from '../lib/card';
import { CardRefusedError } from '../lib/card-failure';
import type { CardTokenizer } from './card-tokenizer';

export function LocalCardFields({ ref }: { ref: Ref<CardTokenizer> }) {
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');

  useImperativeHandle(
    ref,
    () => ({
      tokenize: async (billing) => {
        const parsedExpiry = parseExpiry(expiry);
        // The checks Stripe's card field makes, with its words: the provider refusing the card.
        if (!parsedExpiry) throw new CardRefusedError("Your card's expiration date is incomplete.");
        if (isExpired(parsedExpiry.month, parsedExpiry.year, new Date())) throw new CardRefusedError("Your card's expiration date is in the past.");
        const request = localPaymentMethodRequestSchema.safeParse({
          cardNumber: digitsOnly(cardNumber),
          expMonth: parsedExpiry.month,
          expYear: parsedExpiry.year,
          cvc,
          billing,
        });
        if (!request.success) throw new CardRefusedError(request.error.issues[0]?.message ?? 'Failed to process payment method');
        try {
          return await createLocalPaymentMethod(request.data);
        } catch (error) {
          // The local provider refusing the card answers 4xx with its reason; a 5xx or no answer is another failure.
          const status = errorStatus(error);
          if (status !== null && status >= 400 && status < 500) throw new CardRefusedError(errorMessage(error, 'Failed to process payment method'));
          throw error;
        }
      },
    }),
    [cardNumber, expiry, cvc],
  );

  return (
    <fieldset className="grid gap-4 rounded-lg border border-dashed border-warning/50 bg-warning-soft/40 p-4">
      <legend className="px-1 text-sm font-medium">Card details</legend>
      <p className="-mt-1 flex items-center gap-2 text-sm font-medium text-warning">
        <FlaskConical aria-hidden="true" className="size-4" />
        Test mode — no real charge
      </p>
      <Field label="Card number" hint="Use the test card 4242 4242 4242 4242.">
        {(control) => (
          <Input
            {...control}
            required
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            className="font-mono"
            value={cardNumber}
            onChange={(event) => setCardNumber(formatCardNumber(event.target.value))}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label="Expiry (MM / YY)">
          {(control) => (
            <Input
              {...control}
              required
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM / YY"
              className="font-mono"
              value={expiry}
              onChange={(event) => setExpiry(formatExpiry(event.target.value))}
            />
          )}
        </Field>
        <Field label="CVC">
          {(control) => (
            <Input
              {...control}
              required
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              className="font-mono"
              value={cvc}
              onChange={(event) => setCvc(digitsOnly(event.target.value).slice(0, 4))}
            />
          )}
        </Field>
      </div>
    </fieldset>
  );
}
