// /admin/reset-password?token= : the link a master admin e-mailed to a staff member who forgot their
// password. The new password twice (the staff password policy); success signs them out everywhere and
// goes to /admin/login after 2 s, as accepting an invitation does. A missing, malformed, used,
// replaced, late or forged link shows the invalid-link view, with who can send a new one.
import { STAFF_MESSAGES, staffPasswordResetFormSchema, staffPasswordResetRequestSchema } from '@titleledger/api/schemas';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';

import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card, CardContent } from '@/components/card';
import { Field } from '@/components/field';
import { PasswordInput } from '@/components/password-input';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-error';
import { paths } from '@/lib/paths';

import { useResetStaffPassword } from '../api/reset-staff-password';
import { StaffFrame } from './staff-frame';

const REDIRECT_MS = 2000;
const linkClass = 'rounded-sm font-medium text-accent-text underline-offset-4 hover:underline';

function InvalidResetLink() {
  return (
    <Card>
      <CardContent className="grid justify-items-center gap-3 text-center">
        <CircleAlert aria-hidden="true" className="size-10 text-danger" />
        <h2 className="text-lg font-semibold tracking-tight">Invalid Reset Link</h2>
        <p className="text-sm text-muted-foreground">
          {STAFF_MESSAGES.invalidResetLink}. A link works once, for 24 hours, and a newer one replaces it. Ask a master admin to send you a
          new one.
        </p>
        <Link to={paths.adminLogin} className={`${linkClass} text-sm`}>
          Go to Admin Login
        </Link>
      </CardContent>
    </Card>
  );
}

export function StaffResetPasswordPage() {
  useDocumentTitle('Reset Admin Password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useResetStaffPassword();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A token the server's schema would refuse can never work: say so at once, not after the form.
  const wellFormed = staffPasswordResetRequestSchema.shape.token.safeParse(token).success;
  const [refused, setRefused] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.adminLogin), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = staffPasswordResetFormSchema.safeParse({ password, confirmPassword });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? STAFF_MESSAGES.weakPassword);
    setError(null);
    try {
      await reset.mutateAsync({ token, password });
      toast({ title: 'Password Reset', description: 'Sign in with your new password.', variant: 'success' });
      setDone(true);
    } catch (thrown) {
      const message = errorMessage(thrown, 'Failed to reset password');
      if (message === STAFF_MESSAGES.invalidResetLink) return setRefused(true);
      setError(message);
      toast({ title: 'Error', description: message, variant: 'destructive' });
    }
  };

  return (
    <StaffFrame narrow>
      <div className="mb-8 text-center">
        <h1 id="page-title" className="text-3xl font-semibold tracking-tight text-foreground">
          Reset Admin Password
        </h1>
        <p className="mt-2 text-sm text-muted-foreground">Choose a new password for the TitleLedger admin portal.</p>
      </div>
      {!wellFormed || refused ? (
        <InvalidResetLink />
      ) : done ? (
        <Card>
          <CardContent className="grid justify-items-center gap-3 text-center" role="status">
            <CircleCheck aria-hidden="true" className="size-10 text-success" />
            <h2 className="text-lg font-semibold tracking-tight">Password reset</h2>
            <p className="text-sm text-muted-foreground">You have been signed out everywhere. Taking you to the admin sign-in...</p>
          </CardContent>
        </Card>
      ) : (
        <Card>
          <form onSubmit={onSubmit} noValidate aria-label="Reset your password">
            <CardContent className="grid gap-5">
              {error ? <Alert variant="danger" title={error} role="alert" /> : null}
              <Field label="New password" hint="At least 8 characters.">
                {(control) => <PasswordInput {...control} autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
              </Field>
              <Field label="Confirm new password">
                {(control) => (
                  <PasswordInput {...control} autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} />
                )}
              </Field>
              <p className="text-xs text-muted-foreground">Two-factor sign-in, if you use it, stays on.</p>
              <Button type="submit" size="lg" disabled={reset.isPending}>
                {reset.isPending ? 'Resetting...' : 'Reset Password'}
              </Button>
            </CardContent>
          </form>
        </Card>
      )}
    </StaffFrame>
  );
}
