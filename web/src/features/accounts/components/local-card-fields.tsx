// Card entry for the local test-mode provider: number, expiry and CVC, checked in the browser
// and sent once to POST /api/payment/local/payment-methods. Clearly marked: nothing is charged.
import { localPaymentMethodRequestSchema } from '@titleledger/api/schemas';
import { FlaskConical } from 'lucide-react';
import { useImperativeHandle, useRef, useState, type Ref } from 'react';

import { Field } from '@/components/field';
import { Input } from '@/components/input';
import { errorMessage, errorStatus } from '@/lib/api-error';

import { createLocalPaymentMethod } from '../api/create-local-payment-method';
import { digitsOnly, formatCardNumber, formatExpiry, isExpired, parseExpiry } from '../lib/card';
import { CardRefusedError } from '../lib/card-failure';
import type { CardTokenizer } from './card-tokenizer';

type CardField = 'number' | 'expiry' | 'cvc';

/** The field a schema issue is about (the billing details are the step's own fields). */
const FIELD_OF_PATH: Record<string, CardField> = { cardNumber: 'number', expMonth: 'expiry', expYear: 'expiry', cvc: 'cvc' };

export function LocalCardFields({ ref }: { ref: Ref<CardTokenizer> }) {
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  /** A refusal, said on the field it is about too (the step's toast says it first), which takes focus. */
  const [refused, setRefused] = useState<{ field: CardField; message: string } | null>(null);
  const inputs = { number: useRef<HTMLInputElement>(null), expiry: useRef<HTMLInputElement>(null), cvc: useRef<HTMLInputElement>(null) };
  const refuse = (field: CardField | undefined, message: string): CardRefusedError => {
    if (field) {
      setRefused({ field, message });
      inputs[field].current?.focus();
    }
    return new CardRefusedError(message);
  };
  const errorOn = (field: CardField) => (refused?.field === field ? refused.message : undefined);

  useImperativeHandle(
    ref,
    () => ({
      tokenize: async (billing) => {
        setRefused(null);
        const parsedExpiry = parseExpiry(expiry);
        // The checks Stripe's card field makes, with its words: the provider refusing the card.
        if (!parsedExpiry) throw refuse('expiry', "Your card's expiration date is incomplete.");
        if (isExpired(parsedExpiry.month, parsedExpiry.year, new Date())) throw refuse('expiry', "Your card's expiration date is in the past.");
        const request = localPaymentMethodRequestSchema.safeParse({
          cardNumber: digitsOnly(cardNumber),
          expMonth: parsedExpiry.month,
          expYear: parsedExpiry.year,
          cvc,
          billing,
        });
        if (!request.success) {
          const issue = request.error.issues[0];
          throw refuse(FIELD_OF_PATH[String(issue?.path[0])], issue?.message ?? 'Failed to process payment method');
        }
        try {
          return await createLocalPaymentMethod(request.data);
        } catch (error) {
          // The local provider refusing the card answers 4xx with its reason; a 5xx or no answer is another failure.
          const status = errorStatus(error);
          // Declined, or refused for its funds: the card itself.
          if (status !== null && status >= 400 && status < 500) throw refuse('number', errorMessage(error, 'Failed to process payment method'));
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
      <Field label="Card number" hint="Use the test card 4242 4242 4242 4242." error={errorOn('number')}>
        {(control) => (
          <Input
            {...control}
            ref={inputs.number}
            required
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            className="font-mono"
            value={cardNumber}
            onChange={(event) => {
              setCardNumber(formatCardNumber(event.target.value));
              setRefused(null);
            }}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label="Expiry (MM / YY)" error={errorOn('expiry')}>
          {(control) => (
            <Input
              {...control}
              ref={inputs.expiry}
              required
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM / YY"
              className="font-mono"
              value={expiry}
              onChange={(event) => {
                setExpiry(formatExpiry(event.target.value));
                setRefused(null);
              }}
            />
          )}
        </Field>
        <Field label="CVC" error={errorOn('cvc')}>
          {(control) => (
            <Input
              {...control}
              ref={inputs.cvc}
              required
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              className="font-mono"
              value={cvc}
              onChange={(event) => {
                setCvc(digitsOnly(event.target.value).slice(0, 4));
                setRefused(null);
              }}
            />
          )}
        </Field>
      </div>
    </fieldset>
  );
}
