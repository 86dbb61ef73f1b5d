// The checkout's success screen (seed 001 §2.3, §4.2): says so, then after 2 s takes the payer to
// the registration wizard with the payment id, where the server confirms it before anything else.
import { CircleCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';

import { Button } from '@/components/button';
import { Card, CardContent } from '@/components/card';
import { toast } from '@/hooks/use-toast';
import { paths } from '@/lib/paths';

const SUCCESS_REDIRECT_MS = 2000;

function registerTitleAfterPayment(paymentId: string): string {
  return `${paths.registerTitle}?${new URLSearchParams({ payment_intent: paymentId, status: 'succeeded' })}`;
}

export function PaymentSuccess({ paymentId }: { paymentId: string }) {
  const navigate = useNavigate();
  const next = registerTitleAfterPayment(paymentId);

  useEffect(() => {
    toast({ title: 'Payment Successful', description: 'Taking you to your title registration...', variant: 'success' });
    const timer = setTimeout(() => navigate(next), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, next]);

  return (
    <Card className="mx-auto w-full max-w-md">
      <CardContent className="grid justify-items-center gap-3 py-10 text-center">
        <CircleCheck aria-hidden="true" className="size-12 text-success" />
        <h1 className="text-2xl font-semibold tracking-tight">Payment Successful</h1>
        <p className="text-sm text-muted-foreground" role="status">
          Thank you. Redirecting you to register your title...
        </p>
        <Button asChild className="mt-2">
          <Link to={next}>Continue now</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
