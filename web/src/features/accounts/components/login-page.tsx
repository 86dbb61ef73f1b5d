// /login: e-mail and password, remember me, and, when the account has two-factor sign-in, a
// second pass with the 6-digit code. Success goes back to the page that asked (`?next=`, our own
// paths only) or to the dashboard; failures say why, once: a refusal (wrong password or code) in
// the alert above the form, a failure to reach the server in the spec's "Login failed" toast (the
// alert then shows it too, without announcing it a second time).
import { TOTP_CODE_LENGTH } from '@titleledger/api/schemas';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';

import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card, CardContent, CardFooter } from '@/components/card';
import { Checkbox } from '@/components/checkbox';
import { Field } from '@/components/field';
import { Input } from '@/components/input';
import { Label } from '@/components/label';
import { PasswordInput } from '@/components/password-input';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSingleFlight } from '@/hooks/use-single-flight';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-error';
import { paths } from '@/lib/paths';
import { returnPathFrom, withReturnPath } from '@/lib/return-path';
import { sessionEndedIn } from '@/lib/sign-in-reason';

import { useLogin } from '../api/login';
import { AuthFrame } from './auth-frame';

const linkClass = 'rounded-sm font-medium text-accent-text underline-offset-4 hover:underline';

type LoginField = 'email' | 'password' | 'code';

export function LoginPage() {
  useDocumentTitle('Sign In');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const returnTo = returnPathFrom(search);
  const sessionEnded = sessionEndedIn(search);
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [needsCode, setNeedsCode] = useState(false);
  const [totpCode, setTotpCode] = useState('');
  /** `fields`: the ones it is about, marked invalid and pointing at the alert (none when the server was not reached). */
  const [error, setError] = useState<{ message: string; toasted: boolean; fields: readonly LoginField[] } | null>(null);
  const once = useSingleFlight();

  /** The server (or the form) refused: said on the page, where the person is looking, and on the fields concerned. */
  const fail = (message: string, fields: readonly LoginField[]) => setError({ message, toasted: false, fields });
  /** The call itself failed (seed 000 §9: a thrown error gets the destructive "Login failed" toast). */
  const failToReach = (message: string) => {
    setError({ message, toasted: true, fields: [] });
    toast({ title: 'Login failed', description: message, variant: 'destructive' });
  };

  /** A refused field's state: invalid, and described by the alert that says why (beside its own description). */
  const refused = (field: LoginField, describedBy?: string) =>
    error?.fields.includes(field)
      ? { 'aria-invalid': true, 'aria-describedby': [describedBy, 'login-error'].filter(Boolean).join(' ') }
      : { 'aria-invalid': undefined, 'aria-describedby': describedBy };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void once(signIn);
  };

  const signIn = async () => {
    setError(null);
    if (email.trim() === '' || password === '') {
      return fail('Email and password are required', [...(email.trim() === '' ? ['email' as const] : []), ...(password === '' ? ['password' as const] : [])]);
    }
    if (needsCode && totpCode.length !== TOTP_CODE_LENGTH) return fail('Enter the 6-digit code from your authenticator app', ['code']);
    try {
      const result = await login.mutateAsync({
        email: email.trim(),
        password,
        rememberMe,
        ...(needsCode ? { totpCode } : {}),
      });
      if (result.success) {
        toast({ title: 'Login successful', description: 'Welcome back!', variant: 'success' });
        void navigate(returnTo ?? paths.dashboard, { replace: true });
        return;
      }
      if (result.twoFactorRequired && !needsCode) {
        // First pass with 2FA on: the password was right, now the code is needed.
        setNeedsCode(true);
        return;
      }
      if (result.twoFactorRequired) setTotpCode('');
      fail(result.error || 'Invalid credentials', result.twoFactorRequired ? ['code'] : ['email', 'password']);
    } catch (thrown) {
      failToReach(errorMessage(thrown, 'An error occurred during login'));
    }
  };

  return (
    <AuthFrame title="Sign In" lead="Welcome back. Sign in to manage your registered titles.">
      <Card>
        <form onSubmit={onSubmit} noValidate={false} aria-describedby={error ? 'login-error' : undefined}>
          <CardContent className="grid gap-5">
            {sessionEnded && !error ? (
              <Alert variant="info" title="Your session has ended" role="status">
                You were signed out: from another tab or device, by a password change, or after a day without use. Sign in
                again to go back to where you were.
              </Alert>
            ) : null}
            {error ? (
              <div id="login-error">
                <Alert variant="danger" title={error.message} {...(error.toasted ? {} : { role: 'alert' })} />
              </div>
            ) : null}
            <Field label="Email">
              {(control) => (
                <Input
                  {...control}
                  {...refused('email', control['aria-describedby'])}
                  type="email"
                  autoComplete="email"
                  required
                  value={email}
                  readOnly={needsCode}
                  onChange={(event) => setEmail(event.target.value)}
                />
              )}
            </Field>
            {/* The link after the field, where it is met after typing a password, not between the two fields. */}
            <div className="grid gap-2">
              <Label htmlFor="login-password">Password</Label>
              <PasswordInput
                id="login-password"
                autoComplete="current-password"
                required
                value={password}
                readOnly={needsCode}
                {...refused('password')}
                onChange={(event) => setPassword(event.target.value)}
              />
              <Link to={paths.forgotPassword} className={`${linkClass} justify-self-end text-sm`}>
                Forgot password?
              </Link>
            </div>
            {needsCode ? (
              <div className="grid gap-3">
                <Alert variant="info" title="Two-factor authentication" role="status">
                  Enter the 6-digit code from your authenticator app to finish signing in.
                </Alert>
                <Field label="Authentication code">
                  {(control) => (
                    <Input
                      {...control}
                      {...refused('code', control['aria-describedby'])}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      autoFocus
                      maxLength={TOTP_CODE_LENGTH}
                      pattern="[0-9]{6}"
                      className="font-mono tracking-[0.3em]"
                      value={totpCode}
                      onChange={(event) => setTotpCode(event.target.value.replace(/\D/g, '').slice(0, TOTP_CODE_LENGTH))}
                    />
                  )}
                </Field>
              </div>
            ) : null}
            <div className="flex items-center gap-2">
              <Checkbox
                id="login-remember"
                checked={rememberMe}
                onCheckedChange={(checked) => setRememberMe(checked === true)}
              />
              <Label htmlFor="login-remember" className="font-normal">
                Remember me
              </Label>
            </div>
            <Button type="submit" size="lg" pending={login.isPending}>
              {login.isPending ? 'Signing in...' : needsCode ? 'Verify and Sign In' : 'Sign In'}
            </Button>
            {needsCode ? (
              <Button
                variant="ghost"
                onClick={() => {
                  setNeedsCode(false);
                  setTotpCode('');
                  setError(null);
                }}
              >
                Use a different account
              </Button>
            ) : null}
          </CardContent>
          <CardFooter className="justify-center text-sm text-muted-foreground">
            <span>
              Don&apos;t have an account?{' '}
              <Link to={withReturnPath(paths.register, returnTo)} className={linkClass}>
                Create one
              </Link>
            </span>
          </CardFooter>
        </form>
      </Card>
    </AuthFrame>
  );
}
