// /checkout/{amount} and /checkout (seed 001 §2.3, §4.2, §8.3): the registration fee (the server's,
// from GET /api/payment/config), a Pay button that creates the payment and goes to the provider's
// checkout page, and the success screen when the provider sends the payer back here. The payment's
// purpose and amount are the server's: a link asking another amount is refused before anyone pays
// (it could never pay for a registration). Signed out, Pay is replaced by sign-in and sign-up, both
// coming back here; a declined card says so, why and what to do.
import { feeAmount } from '@titleledger/api/schemas';
import { CreditCard, Lock } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';

import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/card';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useRegistrationFee } from '@/hooks/use-payment-config';
import { toast } from '@/hooks/use-toast';
import { errorStatus } from '@/lib/api-error';
import { paths } from '@/lib/paths';
import { unpaidOutcomeFrom, unpaidOutcomeText } from '@/lib/payment-outcome';
import { withReturnPath } from '@/lib/return-path';
import { PRODUCT_NAME } from '@/lib/site';

import { CheckoutSetupError, useCreateCheckoutIntent } from '../api/create-checkout-intent';
import { useUnpaidReason } from '../api/get-unpaid-reason';
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

/** What the address asks against the fee: nothing asked, the fee itself, another amount, or no amount at all. */
function compareWithFee(raw: string | undefined, feeDollars: number | undefined): 'fee' | 'other' | 'invalid' | 'unknown' {
  if (raw === undefined) return feeDollars === undefined ? 'unknown' : 'fee';
  const asked = parseAmount(raw);
  if (asked === null) return 'invalid';
  if (feeDollars === undefined) return 'unknown';
  return Math.round(asked * 100) === Math.round(feeDollars * 100) ? 'fee' : 'other';
}

export function CheckoutPage() {
  useDocumentTitle('Checkout');
  const { amount: rawAmount } = useParams();
  const [search] = useSearchParams();
  const fee = useRegistrationFee();
  const feeDollars = fee.fee ? feeAmount(fee.fee) : undefined;
  const asked = compareWithFee(rawAmount, feeDollars);
  const returned = readCheckoutReturn(search);
  const unpaid = unpaidOutcomeFrom(search);
  const reason = useUnpaidReason(unpaid === 'declined' ? returned.id : null);
  const unpaidText = unpaid && !(unpaid === 'declined' && reason.isPending && returned.id) ? unpaidOutcomeText(unpaid, reason.data) : null;
  const failed = unpaid === null && returned.status !== null && returned.status !== 'succeeded';
  const createIntent = useCreateCheckoutIntent();
  const session = useSession();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (failed) {
      toast({ title: 'Payment Failed', description: 'The payment was not completed. You have not been charged.', variant: 'destructive' });
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
    if (!fee.fee || asked !== 'fee') return;
    createIntent.mutate(fee.fee, {
      onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
      onError: (error) => {
        // A session that ended meanwhile is shown by the sign-in notice below, not as a setup error.
        if (error instanceof CheckoutSetupError && errorStatus(error.cause) === 401) return;
        toast(
          error instanceof CheckoutSetupError
            ? { title: 'Setup Error', description: error.message, variant: 'destructive' }
            : { title: 'Payment Error', description: 'An unexpected error occurred. Please try again.', variant: 'destructive' },
        );
      },
    });
  };

  const setupCause = createIntent.error instanceof CheckoutSetupError ? createIntent.error.cause : null;
  const needsSignIn = session.status === 'signed-out' || errorStatus(setupCause) === 401;
  const linkClass = 'font-medium text-accent-text underline';

  return (
    <CheckoutFrame>
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-semibold tracking-tight">Checkout</h1>
          <CardDescription>{PRODUCT_NAME} title registration</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          {asked === 'invalid' ? (
            <Alert variant="danger" role="alert" title="This amount is not valid">
              Check the link, or{' '}
              <Link to={paths.checkout} className={linkClass}>
                pay the {fee.label} registration fee
              </Link>
              .
            </Alert>
          ) : asked === 'other' ? (
            <Alert variant="danger" role="alert" title={`This link asks $${parseAmount(rawAmount ?? '')?.toFixed(2)}, but the registration fee is ${fee.label}`}>
              A payment here pays for one title registration, and it is always the registration fee: a payment of another
              amount could not be used, so none is taken.{' '}
              <Link to={paths.checkout} className={linkClass}>
                Pay the {fee.label} registration fee
              </Link>
              .
            </Alert>
          ) : (
            <div className="grid gap-1 rounded-lg border border-border bg-subtle p-4">
              <CardTitle className="text-sm font-medium text-muted-foreground">Registration fee</CardTitle>
              <p className="text-3xl font-semibold tracking-tight">
                {feeDollars === undefined ? '…' : `$${feeDollars.toFixed(2)}`} <span className="text-sm font-normal text-muted-foreground">USD</span>
              </p>
              <p className="text-xs text-muted-foreground">Pays for one title registration. One-time payment, no subscription.</p>
            </div>
          )}
          {unpaidText ? (
            <Alert variant="danger" role="alert" title={unpaidText.title}>
              {unpaidText.description} {unpaidText.whatToDo}
            </Alert>
          ) : null}
          {failed ? (
            <Alert variant="danger" title="Payment Failed">
              The payment was not completed. You have not been charged; you can try again.
            </Alert>
          ) : null}
          {needsSignIn ? (
            <>
              <Alert variant="info" role="status" title="Sign in to pay">
                A payment belongs to an account: the registration it pays for, its certificate and receipt are kept
                there. Sign in, or create an account (it takes a minute); you come straight back here to pay.
              </Alert>
              <div className="grid gap-3 sm:grid-cols-2">
                <Button asChild size="lg">
                  <Link to={withReturnPath(paths.login, here)}>Sign in to pay</Link>
                </Button>
                <Button asChild size="lg" variant="secondary">
                  <Link to={withReturnPath(paths.register, here)}>Create an account</Link>
                </Button>
              </div>
            </>
          ) : (
            <Button size="lg" disabled={asked !== 'fee' || createIntent.isPending || createIntent.isSuccess} onClick={pay}>
              <CreditCard aria-hidden="true" />
              {createIntent.isPending || createIntent.isSuccess ? 'Redirecting to payment...' : `Pay ${fee.label}`}
            </Button>
          )}
        </CardContent>
        <CardFooter className="text-xs text-muted-foreground">
          <Lock aria-hidden="true" className="size-3.5 shrink-0" />
          Card details are entered on the payment provider's secure page, never on this site.
        </CardFooter>
      </Card>
    </CheckoutFrame>
  );
}
