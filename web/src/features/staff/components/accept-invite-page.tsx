// /admin/accept-invite?token= (seed 001 §2.10): password, confirmation, terms and privacy; the
// submit stays disabled until both boxes are checked; success goes to /admin/login after 2 s. A
// missing, malformed, used, replaced, late or forged token shows the invalid-invitation view.
import { acceptInvitationFormSchema, acceptInvitationRequestSchema, STAFF_MESSAGES } from '@titleledger/api/schemas';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';

import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card, CardContent } from '@/components/card';
import { Checkbox } from '@/components/checkbox';
import { Field } from '@/components/field';
import { Label } from '@/components/label';
import { PasswordInput } from '@/components/password-input';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-error';
import { paths } from '@/lib/paths';

import { useAcceptInvitation } from '../api/accept-invitation';
import { StaffFrame } from './staff-frame';

const REDIRECT_MS = 2000;
const linkClass = 'rounded-sm font-medium text-accent-text underline-offset-4 hover:underline';

function InvalidInvitation() {
  return (
    <Card>
      <CardContent className="grid justify-items-center gap-3 text-center">
        <CircleAlert aria-hidden="true" className="size-10 text-danger" />
        <h2 className="text-lg font-semibold tracking-tight">Invalid Invitation</h2>
        <p className="text-sm text-muted-foreground">
          {STAFF_MESSAGES.invalidInvitation}. Ask a master admin to send you a new invitation.
        </p>
        <Link to={paths.adminLogin} className={`${linkClass} text-sm`}>
          Go to Admin Login
        </Link>
      </CardContent>
    </Card>
  );
}

export function AcceptInvitePage() {
  useDocumentTitle('Accept Admin Invitation');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [termsAccepted, setTerms] = useState(false);
  const [privacyAccepted, setPrivacy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A token the server's schema would refuse (missing, a link broken at a space, cut or padded past
  // 200 characters) can never be accepted: say so at once, not after the form as a schema message.
  const wellFormed = acceptInvitationRequestSchema.shape.token.safeParse(token).success;
  const [refused, setRefused] = useState(false);
  const invalid = !wellFormed || refused;
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.adminLogin), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = acceptInvitationFormSchema.safeParse({ password, confirmPassword, termsAccepted, privacyAccepted });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? STAFF_MESSAGES.weakPassword);
    setError(null);
    try {
      await accept.mutateAsync({ token, password, termsAccepted: true, privacyAccepted: true });
      toast({ title: 'Account Created', description: 'Your admin account is ready. Sign in to continue.', variant: 'success' });
      setDone(true);
    } catch (thrown) {
      const message = errorMessage(thrown, 'Failed to create account');
      if (message === STAFF_MESSAGES.invalidInvitation) return setRefused(true);
      setError(message);
      toast({ title: 'Error', description: message, variant: 'destructive' });
    }
  };

  return (
    <StaffFrame narrow>
      <div className="mb-8 text-center">
        <h1 id="page-title" className="text-3xl font-semibold tracking-tight text-foreground">
          Accept Admin Invitation
        </h1>
        <p className="mt-2 text-sm text-muted-foreground">Set your password to join the TitleLedger admin team.</p>
      </div>
      {invalid ? (
        <InvalidInvitation />
      ) : done ? (
        <Card>
          <CardContent className="grid justify-items-center gap-3 text-center" role="status">
            <CircleCheck aria-hidden="true" className="size-10 text-success" />
            <h2 className="text-lg font-semibold tracking-tight">Account created</h2>
            <p className="text-sm text-muted-foreground">Taking you to the admin sign-in...</p>
          </CardContent>
        </Card>
      ) : (
        <Card>
          <form onSubmit={onSubmit} noValidate>
            <CardContent className="grid gap-5">
              {error ? <Alert variant="danger" title={error} role="alert" /> : null}
              <Field label="Password" hint="At least 8 characters.">
                {(control) => (
                  <PasswordInput {...control} autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
                )}
              </Field>
              <Field label="Confirm password">
                {(control) => (
                  <PasswordInput {...control} autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} />
                )}
              </Field>
              <div className="flex items-start gap-2">
                <Checkbox id="accept-terms" checked={termsAccepted} onCheckedChange={(c) => setTerms(c === true)} />
                <Label htmlFor="accept-terms" className="font-normal leading-snug">
                  I accept the{' '}
                  <Link to={paths.terms} className={linkClass} target="_blank">
                    Terms of Use
                  </Link>
                </Label>
              </div>
              <div className="flex items-start gap-2">
                <Checkbox id="accept-privacy" checked={privacyAccepted} onCheckedChange={(c) => setPrivacy(c === true)} />
                <Label htmlFor="accept-privacy" className="font-normal leading-snug">
                  I accept the{' '}
                  <Link to={paths.privacy} className={linkClass} target="_blank">
                    Privacy Policy
                  </Link>
                </Label>
              </div>
              <Button type="submit" size="lg" disabled={!termsAccepted || !privacyAccepted || accept.isPending}>
                {accept.isPending ? 'Creating account...' : 'Create Admin Account'}
              </Button>
            </CardContent>
          </form>
        </Card>
      )}
    </StaffFrame>
  );
}
