// Step 3 of sign-up: billing details and a card, tokenised by whichever provider the server
// names (GET /api/payment/config). Once a payment method exists its summary replaces the form.
import type { BillingDetails } from '@titleledger/api/schemas';
import { CreditCard } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';

import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { Input } from '@/components/input';
import { Select } from '@/components/select';
import { Spinner } from '@/components/spinner';
import { useFocusOnNextMount } from '@/hooks/use-focus-on-next-mount';
import { useSingleFlight } from '@/hooks/use-single-flight';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-error';

import { usePaymentConfig } from '@/hooks/use-payment-config';
import { regionOptions } from '@/lib/region-options';
import { brandName, formatCardExpiry } from '../lib/card';
import { cardFailureToast } from '../lib/card-failure';
import type { AccountInfo, PaymentMethodSummary } from '../lib/sign-up';
import type { CardTokenizer } from './card-tokenizer';
import { LocalCardFields } from './local-card-fields';
import { StripeCardField } from './stripe-card-field';

type Billing = { name: string; email: string; line1: string; city: string; state: string; postalCode: string };

const stateOptions = regionOptions('US');

export function PaymentStep({
  account,
  paymentMethod,
  onAdded,
}: {
  account: AccountInfo;
  paymentMethod: PaymentMethodSummary | null;
  onAdded: (paymentMethod: PaymentMethodSummary) => void;
}) {
  const config = usePaymentConfig();
  const tokenizer = useRef<CardTokenizer>(null);
  const [pending, setPending] = useState(false);
  const once = useSingleFlight();
  // The form (its button near the bottom of a phone's screen) becomes a short summary: the view and
  // focus go to the summary, or they would be left at the footer, on <body>.
  const summary = useFocusOnNextMount<HTMLDivElement>();
  const [billing, setBilling] = useState<Billing>({
    name: account.fullName,
    email: account.email,
    line1: account.address,
    city: account.city,
    state: account.state,
    postalCode: account.zipCode,
  });

  if (paymentMethod) {
    return (
      <div ref={summary.ref} className="grid gap-4 rounded-lg">
        <Alert variant="success" title="Payment method saved" role="status">
          Your card is on file. Nothing is charged now: each registration is paid at its checkout.
        </Alert>
        <div className="flex items-center gap-3 rounded-lg border border-border p-4">
          <CreditCard aria-hidden="true" className="size-5 text-accent-text" />
          <div className="text-sm">
            <p className="font-medium">
              {brandName(paymentMethod.brand)} ending in <span className="font-mono">{paymentMethod.last4}</span>
            </p>
            <p className="text-muted-foreground">Expires {formatCardExpiry(paymentMethod.exp_month, paymentMethod.exp_year)}</p>
          </div>
        </div>
      </div>
    );
  }

  const set = (key: keyof Billing) => ({
    value: billing[key],
    required: true,
    onChange: (event: { target: { value: string } }) => setBilling((b) => ({ ...b, [key]: event.target.value })),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void once(() => addCard());
  };

  const addCard = async () => {
    if (!tokenizer.current) return;
    const details: BillingDetails = {
      name: billing.name.trim(),
      email: billing.email.trim(),
      address: {
        line1: billing.line1.trim(),
        city: billing.city.trim(),
        state: billing.state,
        postal_code: billing.postalCode.trim(),
        country: 'US',
      },
    };
    setPending(true);
    try {
      const added = await tokenizer.current.tokenize(details);
      summary.arm();
      onAdded(added);
      toast({ title: 'Payment method added', description: 'Your payment method has been securely saved', variant: 'success' });
    } catch (error) {
      toast({ ...cardFailureToast(error), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  return (
    // Named apart from the sign-up wizard's own form (named by its step, "Payment information").
    <form onSubmit={onSubmit} className="grid gap-5" aria-label="Billing and card details">
      <p className="text-sm text-muted-foreground">
        A card on file is required to create an account. Nothing is charged now: each registration is paid at its checkout.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Billing name">{(control) => <Input {...control} {...set('name')} autoComplete="cc-name" />}</Field>
        <Field label="Billing email">
          {(control) => <Input {...control} {...set('email')} type="email" autoComplete="email" />}
        </Field>
        <Field label="Billing address" className="sm:col-span-2">
          {(control) => <Input {...control} {...set('line1')} autoComplete="billing street-address" />}
        </Field>
        <Field label="Billing city">
          {(control) => <Input {...control} {...set('city')} autoComplete="billing address-level2" />}
        </Field>
        <div className="grid grid-cols-2 gap-5">
          <Field label="Billing state">
            {(control) => <Select {...control} {...set('state')} placeholder="Choose" options={stateOptions} />}
          </Field>
          <Field label="Billing ZIP">
            {(control) => <Input {...control} {...set('postalCode')} inputMode="numeric" autoComplete="billing postal-code" />}
          </Field>
        </div>
      </div>

      {config.isPending ? (
        <Spinner label="Loading payment options" />
      ) : config.isError ? (
        <Alert variant="danger" title="Payment options could not be loaded" role="alert">
          {errorMessage(config.error, 'Please reload the page and try again.')}
        </Alert>
      ) : config.data.provider === 'stripe' ? (
        config.data.publishableKey ? (
          <StripeCardField ref={tokenizer} publishableKey={config.data.publishableKey} />
        ) : (
          <Alert variant="danger" title="Card payments are not configured" role="alert">
            Please try again later.
          </Alert>
        )
      ) : (
        <LocalCardFields ref={tokenizer} />
      )}

      <div>
        <Button type="submit" variant="secondary" pending={pending} disabled={!config.isSuccess}>
          <CreditCard aria-hidden="true" />
          {pending ? 'Adding Payment Method...' : 'Add Payment Method'}
        </Button>
      </div>
    </form>
  );
}
