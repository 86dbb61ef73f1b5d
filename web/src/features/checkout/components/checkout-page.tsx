// /checkout/{amount} and /checkout (seed 001 §2.3, §4.2, §8.3): the amount (the server's registration
// fee, from GET /api/payment/config, by default), a
// Pay button that creates the payment and goes to the provider's checkout page, and the success
// screen when the provider sends the payer back here.
import { feeAmount } from '@titleledger/api/schemas';
import { CreditCard, Lock } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';

import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useRegistrationFee } from '@/hooks/use-payment-config';
import { toast } from '@/hooks/use-toast';
import { errorStatus } from '@/lib/api-error';
import { paths } from '@/lib/paths';
import { PRODUCT_NAME } from '@/lib/site';

import { CheckoutSetupError, useCreateCheckoutIntent } from '../api/create-checkout-intent';
import { PaymentSuccess } from './payment-success';

/** The route's amount in dollars, or null when it is not a usable amount. */
function parseAmount(raw: string): number | null {
  if (!/^\d+(\.\d{1,2})?$/.test(raw)) return null;
  const amount = Number(raw);
  return amount > 0 && amount <= 100_000 ? amount : null;
}

/** The id and outcome the provider put in the address on the way back, if any. */
export function readCheckoutReturn(search: URLSearchParams): { id: string | null; status: string | null } {
  const id = search.get('session_id') ?? search.get('payment_intent');
  // The provider's cancel address says `payment=cancelled`.
  const status = search.get('status') ?? search.get('redirect_status') ?? search.get('payment');
  return { id: id?.trim() || null, status };
}

function CheckoutFrame({ children }: { children: ReactNode }) {
  return <div className="mx-auto grid w-full max-w-6xl place-items-center px-4 py-12 sm:px-6 sm:py-20">{children}</div>;
}

export function CheckoutPage() {
  useDocumentTitle('Checkout');
  const { amount: rawAmount } = useParams();
  const [search] = useSearchParams();
  const fee = useRegistrationFee();
  // No amount in the address: the standard fee, once the server has said what it is.
  const standard = fee.fee ? feeAmount(fee.fee) : undefined;
  const amount = rawAmount ? parseAmount(rawAmount) : standard;
  const returned = readCheckoutReturn(search);
  const failed = returned.status !== null && returned.status !== 'succeeded';
  const createIntent = useCreateCheckoutIntent();

  useEffect(() => {
    if (failed) {
      toast({ title: 'Payment Failed', description: 'The payment was not completed. Please try again.', variant: 'destructive' });
    }
  }, [failed]);

  if (returned.status === 'succeeded' && returned.id) {
    return (
      <CheckoutFrame>
        <PaymentSuccess paymentId={returned.id} />
      </CheckoutFrame>
    );
  }

  const pay = () => {
    if (amount === null || amount === undefined) return;
    createIntent.mutate(amount, {
      onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
      onError: (error) =>
        error instanceof CheckoutSetupError
          ? toast({ title: 'Setup Error', description: error.message, variant: 'destructive' })
          : toast({ title: 'Payment Error', description: 'An unexpected error occurred. Please try again.', variant: 'destructive' }),
    });
  };

  const setupCause = createIntent.error instanceof CheckoutSetupError ? createIntent.error.cause : null;
  const needsSignIn = errorStatus(setupCause) === 401;

  return (
    <CheckoutFrame>
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-semibold tracking-tight">Checkout</h1>
          <CardDescription>{PRODUCT_NAME} title registration</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          {amount === null ? (
            <Alert variant="danger" role="alert" title="This amount is not valid">
              Check the link, or <Link to={paths.checkout} className="font-medium text-accent-text underline">pay the standard {fee.label} fee</Link>.
            </Alert>
          ) : (
            <div className="grid gap-1 rounded-lg border border-border bg-subtle p-4">
              <CardTitle className="text-sm font-medium text-muted-foreground">Amount due</CardTitle>
              <p className="text-3xl font-semibold tracking-tight">
                {amount === undefined ? '…' : `$${amount.toFixed(2)}`} <span className="text-sm font-normal text-muted-foreground">USD</span>
              </p>
              <p className="text-xs text-muted-foreground">One-time payment, no subscription.</p>
            </div>
          )}
          {failed ? (
            <Alert variant="danger" title="Payment Failed">
              The payment was not completed. You have not been charged; you can try again.
            </Alert>
          ) : null}
          {needsSignIn ? (
            <Alert variant="warning" role="alert" title="Sign in to pay">
              Payments are tied to your account.{' '}
              <Link to={paths.login} className="font-medium text-accent-text underline">
                Sign in
              </Link>{' '}
              or{' '}
              <Link to={paths.register} className="font-medium text-accent-text underline">
                create an account
              </Link>
              , then come back.
            </Alert>
          ) : null}
          <Button size="lg" disabled={amount === null || amount === undefined || createIntent.isPending || createIntent.isSuccess} onClick={pay}>
            <CreditCard aria-hidden="true" />
            {createIntent.isPending || createIntent.isSuccess
              ? 'Redirecting to payment...'
              : `Pay ${typeof amount === 'number' ? `$${amount.toFixed(2)}` : fee.label}`}
          </Button>
        </CardContent>
        <CardFooter className="text-xs text-muted-foreground">
          <Lock aria-hidden="true" className="size-3.5 shrink-0" />
          Card details are entered on the payment provider's secure page, never on this site.
        </CardFooter>
      </Card>
    </CheckoutFrame>
  );
}
