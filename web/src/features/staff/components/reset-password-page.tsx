// /admin/reset-password?token= : the link a master admin e-mailed to a staff member who forgot their
// password. The new password twice (the staff password policy); success signs them out everywhere and
// goes to /admin/login after 2 s, as accepting an invitation does. A missing, malformed, used,
// replaced, late or forged link shows the invalid-link view, with who can send a new one: as the
// page opens (the server is asked whether the link still works), or once the form is sent.
import { STAFF_MESSAGES, staffPasswordResetFormSchema, staffPasswordResetRequestSchema } from '@titleledger/api/schemas';
import { useState, type FormEvent } from 'react';

import { Button } from '@/components/button';
import { Card, CardContent } from '@/components/card';
import { Loading } from '@/components/query-states';
import { useDocumentTitle } from '@/hooks/use-document-title';

import { useStaffResetLinkCheck } from '../api/check-staff-reset-link';
import { useResetStaffPassword } from '../api/reset-staff-password';
import { InvalidLinkCard, LinkDoneCard, LinkError, NewPasswordFields, useEmailedLink } from './emailed-link';
import { StaffFrame } from './staff-frame';

export function StaffResetPasswordPage() {
  useDocumentTitle('Reset Admin Password');
  const { token, refused, done, error, errorField, submit, outcomeRef } = useEmailedLink();
  const reset = useResetStaffPassword();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  // A token the server's schema would refuse can never work: say so at once, not after the form.
  const wellFormed = staffPasswordResetRequestSchema.shape.token.safeParse(token).success;
  const check = useStaffResetLinkCheck(token, wellFormed);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(staffPasswordResetFormSchema.safeParse({ password, confirmPassword }), () => reset.mutateAsync({ token, password }), {
      done: { title: 'Password Reset', description: 'Sign in with your new password.' },
      failed: 'Failed to reset password',
      invalid: STAFF_MESSAGES.invalidResetLink,
    });
  };

  return (
    <StaffFrame narrow>
      <div className="mb-8 text-center">
        <h1 id="page-title" className="text-3xl font-semibold tracking-tight text-foreground">
          Reset Admin Password
        </h1>
        <p className="mt-2 text-sm text-muted-foreground">Choose a new password for the TitleLedger admin portal.</p>
      </div>
      {!wellFormed || refused || check.data === 'invalid' ? (
        <InvalidLinkCard title="Invalid Reset Link" focusRef={outcomeRef}>
          {STAFF_MESSAGES.invalidResetLink}. A link works once, for 24 hours, and a newer one replaces it. Ask a master admin to send you a
          new one.
        </InvalidLinkCard>
      ) : done ? (
        <LinkDoneCard title="Password reset" focusRef={outcomeRef}>
          You have been signed out everywhere. Taking you to the admin sign-in...
        </LinkDoneCard>
      ) : check.isLoading ? (
        <Loading>Checking your reset link...</Loading>
      ) : (
        <Card>
          <form onSubmit={onSubmit} noValidate aria-label="Reset your password">
            <CardContent className="grid gap-5">
              <LinkError message={error} />
              <NewPasswordFields
                labels={{ password: 'New password', confirm: 'Confirm new password' }}
                password={password}
                confirmPassword={confirmPassword}
                onPassword={setPassword}
                onConfirmPassword={setConfirmPassword}
                errorField={errorField}
              />
              <p className="text-xs text-muted-foreground">Two-factor sign-in, if you use it, stays on.</p>
              <Button type="submit" size="lg" pending={reset.isPending}>
                {reset.isPending ? 'Resetting...' : 'Reset Password'}
              </Button>
            </CardContent>
          </form>
        </Card>
      )}
    </StaffFrame>
  );
}
