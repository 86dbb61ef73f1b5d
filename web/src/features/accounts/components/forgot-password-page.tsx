// /forgot-password: ask for a reset link by e-mail; with ?token=… (the link from that e-mail)
// choose a new password instead. A link that no longer works (used, late, or cut short) says so as
// the page opens, not after the new password is typed twice, and offers to ask for a new one; one
// that stops working meanwhile says the same when it is sent. A server started with DEV_OUTBOX=1
// (tests, local demos) keeps e-mail in a dev outbox, and the page links to it when it answers.
import { PASSWORD_MIN_LENGTH, MESSAGES } from '@titleledger/api/schemas';
import { MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card, CardContent, CardFooter } from '@/components/card';
import { Field } from '@/components/field';
import { Input } from '@/components/input';
import { PasswordInput } from '@/components/password-input';
import { Loading } from '@/components/query-states';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useFocusOnNextMount } from '@/hooks/use-focus-on-next-mount';
import { useGoToFirstInvalid } from '@/hooks/use-go-to-first-invalid';
import { toast } from '@/hooks/use-toast';
import { errorMessage, errorStatus } from '@/lib/api-error';
import { paths } from '@/lib/paths';

import { useResetLinkCheck } from '../api/check-reset-link';
import { requestPasswordReset } from '../api/forgot-password';
import { DEV_OUTBOX_PATH, useDevOutboxAvailable } from '../api/get-dev-outbox';
import { useResetPassword } from '../api/reset-password';
import { AuthFrame } from './auth-frame';

const linkClass = 'rounded-sm font-medium text-accent-text underline-offset-4 hover:underline';

function BackToSignIn() {
  return (
    <CardFooter className="justify-center text-sm">
      <Link to={paths.login} className={linkClass}>
        Back to sign in
      </Link>
    </CardFooter>
  );
}

function DevOutboxLink() {
  const available = useDevOutboxAvailable();
  if (!available.data) return null;
  return (
    <Alert variant="info" title="Development mode" className="text-left">
      E-mail is not sent here.{' '}
      <a href={DEV_OUTBOX_PATH} target="_blank" rel="noreferrer" className={linkClass}>
        Open the dev outbox
      </a>{' '}
      to find the reset link.
    </Alert>
  );
}

function RequestLinkForm() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const sent = useFocusOnNextMount<HTMLDivElement>();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state === 'sending') return;
    setState('sending');
    try {
      await requestPasswordReset({ email: email.trim() });
      sent.arm();
      setState('sent');
    } catch (error) {
      setState('idle');
      toast({ title: 'Request failed', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  };

  if (state === 'sent') {
    return (
      <Card ref={sent.ref}>
        <CardContent className="grid justify-items-center gap-4 text-center" role="status">
          <MailCheck aria-hidden="true" className="size-10 text-accent-text" />
          <h2 className="text-lg font-semibold">Check your e-mail</h2>
          <p className="text-sm text-muted-foreground">
            If an account exists for that address, we&apos;ve sent a reset link. It works for a limited time.
          </p>
          <DevOutboxLink />
          <Button variant="secondary" onClick={() => setState('idle')}>
            Use a different address
          </Button>
        </CardContent>
        <BackToSignIn />
      </Card>
    );
  }

  return (
    <Card>
      <form onSubmit={onSubmit}>
        <CardContent className="grid gap-5">
          <Field label="Email">
            {(control) => (
              <Input
                {...control}
                type="email"
                required
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            )}
          </Field>
          <Button type="submit" size="lg" pending={state === 'sending'}>
            {state === 'sending' ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </CardContent>
      </form>
      <BackToSignIn />
    </Card>
  );
}

/** A link that can no longer set a password, and the way to a new one. */
function LinkNoLongerWorks({ focusRef }: { focusRef?: (element: HTMLDivElement | null) => void }) {
  return (
    <Card ref={focusRef}>
      <CardContent className="grid gap-4">
        <Alert variant="danger" title={MESSAGES.invalidResetLink} role="alert">
          A reset link works once, and for an hour.
        </Alert>
        <Button asChild size="lg">
          <Link to={paths.forgotPassword}>Request a new link</Link>
        </Button>
      </CardContent>
      <BackToSignIn />
    </Card>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const check = useResetLinkCheck(token);
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // Sending replaces the form (with the outcome): focus goes to it, not to <body>.
  const outcome = useFocusOnNextMount<HTMLDivElement>();

  // A refused password is said where it is (focus on its field, which the message describes) and in
  // a toast, in sign-up's words: the message alone appeared under a field while focus stayed on the
  // button, and a screen reader said nothing.
  const goToFirstInvalid = useGoToFirstInvalid();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) {
      setProblem(MESSAGES.weakPassword);
      return goToFirstInvalid(event.currentTarget, ['password'], { title: 'Weak password', description: MESSAGES.weakPassword });
    }
    if (password !== confirm) {
      setProblem(MESSAGES.passwordMismatch);
      return goToFirstInvalid(event.currentTarget, ['confirm'], { title: 'Password mismatch', description: MESSAGES.passwordMismatch });
    }
    setProblem(null);
    if (reset.isPending) return;
    outcome.arm();
    reset.mutate({ token, password });
  };

  // Sent, a used or late link is refused with 422 (a 400 is about the password).
  if (check.data === 'invalid' || errorStatus(reset.error) === 422) return <LinkNoLongerWorks focusRef={outcome.ref} />;
  if (check.isPending) return <Loading>Checking your reset link...</Loading>;

  if (reset.isSuccess) {
    return (
      <Card ref={outcome.ref}>
        <CardContent className="grid gap-4" role="status">
          <Alert variant="success" title="Password updated">
            You can now sign in with your new password.
          </Alert>
          <Button asChild size="lg">
            <Link to={paths.login}>Sign In</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card>
      <form onSubmit={onSubmit}>
        <CardContent className="grid gap-5">
          {reset.isError ? (
            <Alert variant="danger" title="The password could not be reset" role="alert">
              {errorMessage(reset.error, 'The link may have expired. Request a new one.')}
            </Alert>
          ) : null}
          <Field label="New password" hint="At least 8 characters." error={problem === MESSAGES.weakPassword ? problem : undefined}>
            {(control) => (
              <PasswordInput
                {...control}
                name="password"
                required
                autoComplete="new-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            )}
          </Field>
          <Field label="Confirm new password" error={problem === MESSAGES.passwordMismatch ? problem : undefined}>
            {(control) => (
              <PasswordInput
                {...control}
                name="confirm"
                required
                autoComplete="new-password"
                value={confirm}
                onChange={(event) => setConfirm(event.target.value)}
              />
            )}
          </Field>
          <Button type="submit" size="lg" pending={reset.isPending}>
            {reset.isPending ? 'Saving...' : 'Set New Password'}
          </Button>
        </CardContent>
      </form>
      <BackToSignIn />
    </Card>
  );
}

export function ForgotPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  useDocumentTitle(token ? 'Reset Password' : 'Forgot Password');
  return token ? (
    <AuthFrame title="Reset Password" lead="Choose a new password for your account.">
      <NewPasswordForm token={token} />
    </AuthFrame>
  ) : (
    <AuthFrame title="Forgot Password" lead="Enter your account's e-mail and we'll send you a link to reset your password.">
      <RequestLinkForm />
    </AuthFrame>
  );
}
