// /admin/accept-invite?token= (seed 001 §2.10): password, confirmation, terms and privacy; the
// submit stays disabled until both boxes are checked; success goes to /admin/login after 2 s. A
// missing, malformed, used, replaced, late or forged token shows the invalid-invitation view, as
// the page opens (the server is asked whether the link still works) or, should it stop working
// meanwhile, once the form is sent.
import { acceptInvitationFormSchema, acceptInvitationRequestSchema, STAFF_MESSAGES } from '@titleledger/api/schemas';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';

import { Button } from '@/components/button';
import { Card, CardContent } from '@/components/card';
import { Checkbox } from '@/components/checkbox';
import { Label } from '@/components/label';
import { Loading } from '@/components/query-states';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { paths } from '@/lib/paths';

import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitationCheck } from '../api/check-invitation';
import { InvalidLinkCard, LinkDoneCard, linkClass, LinkError, NewPasswordFields, useEmailedLink } from './emailed-link';
import { StaffFrame } from './staff-frame';

export function AcceptInvitePage() {
  useDocumentTitle('Accept Admin Invitation');
  const { token, refused, done, error, errorField, submit, outcomeRef } = useEmailedLink();
  const accept = useAcceptInvitation();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [termsAccepted, setTerms] = useState(false);
  const [privacyAccepted, setPrivacy] = useState(false);
  // A token the server's schema would refuse (missing, a link broken at a space, cut or padded past
  // 200 characters) can never be accepted: say so at once, not after the form as a schema message.
  const wellFormed = acceptInvitationRequestSchema.shape.token.safeParse(token).success;
  const check = useInvitationCheck(token, wellFormed);
  const invalid = !wellFormed || refused || check.data === 'invalid';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(
      acceptInvitationFormSchema.safeParse({ password, confirmPassword, termsAccepted, privacyAccepted }),
      () => accept.mutateAsync({ token, password, termsAccepted: true, privacyAccepted: true }),
      {
        done: { title: 'Account Created', description: 'Your admin account is ready. Sign in to continue.' },
        failed: 'Failed to create account',
        invalid: STAFF_MESSAGES.invalidInvitation,
      },
    );
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
        <InvalidLinkCard title="Invalid Invitation" focusRef={outcomeRef}>
          {STAFF_MESSAGES.invalidInvitation}. Ask a master admin to send you a new invitation.
        </InvalidLinkCard>
      ) : done ? (
        <LinkDoneCard title="Account created" focusRef={outcomeRef}>
          Taking you to the admin sign-in...
        </LinkDoneCard>
      ) : check.isLoading ? (
        <Loading>Checking your invitation...</Loading>
      ) : (
        <Card>
          <form onSubmit={onSubmit} noValidate>
            <CardContent className="grid gap-5">
              <LinkError message={error} />
              <NewPasswordFields
                labels={{ password: 'Password', confirm: 'Confirm password' }}
                password={password}
                confirmPassword={confirmPassword}
                onPassword={setPassword}
                onConfirmPassword={setConfirmPassword}
                errorField={errorField}
              />
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
              <Button type="submit" size="lg" disabled={!termsAccepted || !privacyAccepted} pending={accept.isPending}>
                {accept.isPending ? 'Creating account...' : 'Create Admin Account'}
              </Button>
            </CardContent>
          </form>
        </Card>
      )}
    </StaffFrame>
  );
}
