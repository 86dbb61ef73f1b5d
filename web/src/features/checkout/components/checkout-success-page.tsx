// /checkout/success: the payment provider's return address. With a succeeded payment it shows the
// success screen (and its 2 s redirect to the wizard); otherwise it says what happened.
import { Link, useSearchParams } from 'react-router-dom';

import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { paths } from '@/lib/paths';

import { readCheckoutReturn } from './checkout-page';
import { PaymentSuccess } from './payment-success';

export function CheckoutSuccessPage() {
  useDocumentTitle('Payment Complete');
  const [search] = useSearchParams();
  const { id, status } = readCheckoutReturn(search);
  return (
    <div className="mx-auto grid w-full max-w-6xl place-items-center px-4 py-12 sm:px-6 sm:py-20">
      {id && status === 'succeeded' ? (
        <PaymentSuccess paymentId={id} />
      ) : (
        <div className="grid w-full max-w-md gap-4">
          <h1 className="text-2xl font-semibold tracking-tight">Payment not completed</h1>
          <Alert variant="danger" role="alert" title="Payment Failed">
            We could not confirm a payment from this link. If you were charged, your dashboard will show it; otherwise
            try again.
          </Alert>
          <Button asChild>
            <Link to={paths.checkout}>Back to checkout</Link>
          </Button>
        </div>
      )}
    </div>
  );
}
