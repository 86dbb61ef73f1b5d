// Card entry through Stripe Elements. Stripe.js is fetched from Stripe only when this renders
// (never for the local provider); if it cannot load, that is logged as a warning and the field
// says so, because the rest of the page still works.
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';

import { Alert } from '@/components/alert';
import { Label } from '@/components/label';
import { Spinner } from '@/components/spinner';

import { CardRefusedError } from '../lib/card-failure';
import type { CardTokenizer } from './card-tokenizer';

type Loaded = { stripe: Stripe; card: StripeCardElement };

export function StripeCardField({ publishableKey, ref }: { publishableKey: string; ref: Ref<CardTokenizer> }) {
  const mountPoint = useRef<HTMLDivElement>(null);
  const loaded = useRef<Loaded | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'unavailable'>('loading');

  useEffect(() => {
    let cancelled = false;
    let card: StripeCardElement | null = null;
    import('@stripe/stripe-js')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then((stripe) => {
        if (cancelled) return;
        if (!stripe || !mountPoint.current) {
          console.warn('Stripe.js not available');
          setStatus('unavailable');
          return;
        }
        card = stripe.elements().create('card', { hidePostalCode: true });
        card.mount(mountPoint.current);
        loaded.current = { stripe, card };
        setStatus('ready');
      })
      .catch((error: unknown) => {
        console.warn('Failed to load Stripe.js', error);
        if (!cancelled) setStatus('unavailable');
      });
    return () => {
      cancelled = true;
      card?.destroy();
      loaded.current = null;
    };
  }, [publishableKey]);

  useImperativeHandle(
    ref,
    () => ({
      tokenize: async (billing) => {
        if (!loaded.current) throw new Error('Stripe.js not available');
        const { stripe, card } = loaded.current;
        const result = await stripe.createPaymentMethod({ type: 'card', card, billing_details: billing });
        if (result.error) throw new CardRefusedError(result.error.message ?? 'Failed to process payment method');
        const { id, card: summary } = result.paymentMethod;
        if (!summary) throw new Error('Failed to process payment method');
        return { id, last4: summary.last4, brand: summary.brand, exp_month: summary.exp_month, exp_year: summary.exp_year };
      },
    }),
    [],
  );

  return (
    <div className="grid gap-2">
      <Label id="stripe-card-label">Card details</Label>
      <div
        ref={mountPoint}
        aria-labelledby="stripe-card-label"
        className="min-h-10 rounded-md border border-border-strong bg-surface px-3 py-2.5 shadow-xs"
      />
      {status === 'loading' ? <Spinner label="Loading the secure card field" /> : null}
      {status === 'unavailable' ? (
        <Alert variant="warning" title="The card field could not load">
          Check your connection and reload the page to add a card.
        </Alert>
      ) : null}
    </div>
  );
}
