// /register and /get-started: the four-step sign-up wizard (account, legal agreements, card on
// file, success). The rules live in ../lib/sign-up; this wires them to the screen and the API.
import { ArrowLeft, ArrowRight, CircleCheck } from 'lucide-react';
import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';

import { Button } from '@/components/button';
import { Card, CardContent, CardFooter } from '@/components/card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useGoToFirstInvalid } from '@/hooks/use-go-to-first-invalid';
import { useSingleFlight } from '@/hooks/use-single-flight';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-error';
import { paths } from '@/lib/paths';
import { returnPathFrom, withReturnPath } from '@/lib/return-path';

import { useRefreshSession, useRegister } from '../api/register';
import {
  buildRegistration,
  checkAccountInfo,
  emptyAccountInfo,
  initialWizardState,
  legalAccepted,
  wizardReducer,
  type AccountInfo,
  type LegalDocument,
} from '../lib/sign-up';
import { AccountStep } from './account-step';
import { AuthFrame } from './auth-frame';
import { LegalStep } from './legal-step';
import { PaymentStep } from './payment-step';
import { ProgressDots } from './progress-dots';

const headings = {
  1: { title: 'Account information', lead: 'Tell us who the account is for.' },
  2: { title: 'Legal agreements', lead: 'Review our terms and privacy policy.' },
  3: { title: 'Payment information', lead: 'Add the card you will pay registrations with.' },
  4: { title: 'Account Created Successfully!', lead: 'Your account is ready.' },
} as const;

export function SignUpPage() {
  const { pathname } = useLocation();
  useDocumentTitle(pathname === paths.getStarted ? 'Get Started' : 'Create Account');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  // The page that sent the visitor here (checkout, the wizard…): where "Continue" goes afterwards.
  const returnTo = returnPathFrom(search);
  const register = useRegister();
  const refreshSession = useRefreshSession();
  const [state, dispatch] = useReducer(wizardReducer, initialWizardState);
  const [account, setAccount] = useState<AccountInfo>(emptyAccountInfo);
  // Field messages show once Next has been pressed on step 1, and follow the values from then on.
  const [accountChecked, setAccountChecked] = useState(false);
  const accountErrors = accountChecked ? (checkAccountInfo(account)?.errors ?? {}) : {};
  const [leaving, setLeaving] = useState(false);
  const goToFirstInvalid = useGoToFirstInvalid();
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);
  const once = useSingleFlight();

  // A new step replaces most of the card: move focus (and the view) to its heading, so keyboard
  // and screen-reader users start reading the new step, and phones don't stay scrolled down.
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    stepHeading.current?.focus();
    stepHeading.current?.scrollIntoView({ block: 'center' });
  }, [state.step]);

  const onNext = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.step === 1) {
      const problem = checkAccountInfo(account);
      if (problem) {
        setAccountChecked(true);
        goToFirstInvalid(event.currentTarget, Object.keys(problem.errors), problem.notice);
        return;
      }
    }
    dispatch({ type: 'next' });
  };

  const onAccept = (document: LegalDocument) => {
    dispatch({ type: 'accept', document });
    toast({ title: document === 'terms' ? 'Terms accepted' : 'Privacy policy accepted', variant: 'success' });
  };

  const onDecline = () => {
    dispatch({ type: 'decline' });
    toast({
      title: 'Registration cannot proceed',
      description: 'You must accept our legal agreements to create an account',
      variant: 'destructive',
    });
  };

  // A second click while the first is on its way is dropped: it was refused (the card is attached
  // by then) and its "Registration failed" showed on the success screen.
  const onCreateAccount = () =>
    once(async () => {
      const payload = buildRegistration(account, state.paymentMethod, new Date(), Math.random);
      try {
        const result = await register.mutateAsync(payload);
        if (result.success) {
          dispatch({ type: 'registered' });
          return;
        }
        toast({ title: 'Registration failed', description: result.error || 'Registration failed', variant: 'destructive' });
      } catch (error) {
        toast({
          title: 'Registration failed',
          description: errorMessage(error, 'An error occurred during registration'),
          variant: 'destructive',
        });
      }
    });

  const leave = async () => {
    setLeaving(true);
    await refreshSession();
    void navigate(returnTo ?? paths.dashboard, { replace: true });
  };

  const heading = headings[state.step];

  return (
    <AuthFrame title="Create Account" lead="Register your creative work with a verifiable certificate." wide>
      <Card>
        <form onSubmit={onNext} aria-labelledby="step-title" noValidate={state.step !== 1 ? true : undefined}>
          <CardContent className="grid gap-6">
            <ProgressDots step={state.step} />
            {state.step === 4 ? (
              <div className="grid justify-items-center gap-4 py-6 text-center" role="status">
                <CircleCheck aria-hidden="true" className="size-14 text-success" />
                <h2 id="step-title" ref={stepHeading} tabIndex={-1} className="text-2xl font-semibold tracking-tight outline-none">
                  {heading.title}
                </h2>
                <p className="max-w-sm text-sm text-muted-foreground">
                  {returnTo
                    ? 'Welcome to TitleLedger. Continue where you left off.'
                    : 'Welcome to TitleLedger. You can register your first title from the dashboard.'}
                </p>
                <Button size="lg" onClick={leave} disabled={leaving}>
                  {returnTo ? 'Continue' : 'Go to Dashboard'}
                  <ArrowRight aria-hidden="true" />
                </Button>
              </div>
            ) : (
              <>
                <div>
                  <h2 id="step-title" ref={stepHeading} tabIndex={-1} className="text-lg font-semibold tracking-tight outline-none">
                    {heading.title}
                  </h2>
                  <p className="text-sm text-muted-foreground">{heading.lead}</p>
                </div>
                {state.step === 1 ? (
                  <AccountStep info={account} errors={accountErrors} onChange={(patch) => setAccount((a) => ({ ...a, ...patch }))} />
                ) : null}
                {state.step === 2 ? (
                  <LegalStep
                    state={state}
                    onReview={(document) => dispatch({ type: 'review', document })}
                    onAccept={onAccept}
                    onDecline={onDecline}
                  />
                ) : null}
              </>
            )}
          </CardContent>
          {state.step === 1 || state.step === 2 ? (
            <CardFooter className="justify-between">
              <Button variant="secondary" disabled={state.step === 1} onClick={() => dispatch({ type: 'previous' })}>
                <ArrowLeft aria-hidden="true" />
                Previous
              </Button>
              <Button type="submit" disabled={state.step === 2 && !legalAccepted(state)}>
                Next
                <ArrowRight aria-hidden="true" />
              </Button>
            </CardFooter>
          ) : null}
        </form>

        {/* The payment step has its own form (billing + card), so it sits outside the wizard's. */}
        {state.step === 3 ? (
          <>
            <CardContent className="pt-0">
              <PaymentStep
                account={account}
                paymentMethod={state.paymentMethod}
                onAdded={(paymentMethod) => dispatch({ type: 'paymentMethodAdded', paymentMethod })}
              />
            </CardContent>
            <CardFooter className="justify-between">
              <Button variant="secondary" onClick={() => dispatch({ type: 'previous' })} disabled={register.isPending}>
                <ArrowLeft aria-hidden="true" />
                Previous
              </Button>
              {state.paymentMethod ? (
                <Button onClick={() => void onCreateAccount()} pending={register.isPending}>
                  {register.isPending ? 'Creating Account...' : 'Create Account'}
                </Button>
              ) : null}
            </CardFooter>
          </>
        ) : null}
      </Card>
      {state.step !== 4 ? (
        <p className="mt-6 text-center text-sm text-muted-foreground">
          <Link to={withReturnPath(paths.login, returnTo)} className="rounded-sm font-medium text-accent-text underline-offset-4 hover:underline">
            Already have an account? Sign in
          </Link>
        </p>
      ) : null}
    </AuthFrame>
  );
}
