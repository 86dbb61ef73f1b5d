// Two-factor sign-in for the signed-in staff member: on, a code from an authenticator app is asked
// at every staff sign-in. Setting it up shows a QR code and the secret, and the first code turns it
// on; turning it off needs the password. The card sits at the foot of the staff pages, below lists
// that load after it: while it is off, a notice under the page's heading links down to it.
// Focus never falls to <body> (each of these steps replaces the control that had it): Enable 2FA puts
// it in the code field (described by the instructions and the secret), a refused code or password
// puts it back in its field with the reason under it, and turning 2FA on or off puts it on the card's
// heading, which says the new state. The buttons stay focusable while their call runs.
import { TOTP_CODE_LENGTH, type SignedInStaff } from '@titleledger/api/schemas';
import { ShieldCheck } from 'lucide-react';
import { useCallback, useId, useRef, useState, type FormEvent } from 'react';

import { Alert } from '@/components/alert';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Card, CardContent } from '@/components/card';
import { Field } from '@/components/field';
import { Input } from '@/components/input';
import { PasswordInput } from '@/components/password-input';
import { useFocusOnNextMount } from '@/hooks/use-focus-on-next-mount';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-error';
import { moveFocusTo } from '@/lib/focus';

import { useDisableStaffTwoFactor, useStartStaffTwoFactor, useVerifyStaffTwoFactor, type StaffTwoFactorSetup } from '../api/staff-two-factor';

/** The card's anchor, for the notice's link. */
const CARD_ID = 'two-factor';

/** Under the page's heading while two-factor sign-in is off: what is missing, and a link to the card. */
export function StaffTwoFactorNotice({ staff }: { staff: SignedInStaff }) {
  if (staff.twoFactorEnabled) return null;
  return (
    <Alert variant="warning" title="Two-factor sign-in is off for your account" className="mt-6">
      Anyone with your password can sign in as you. <a href={`#${CARD_ID}`} className="font-medium text-accent-text underline underline-offset-2">Set up two-factor sign-in</a>
    </Alert>
  );
}

export function StaffTwoFactorCard({ staff }: { staff: SignedInStaff }) {
  const start = useStartStaffTwoFactor();
  const verify = useVerifyStaffTwoFactor();
  const disable = useDisableStaffTwoFactor();
  const [setup, setSetup] = useState<StaffTwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const heading = useRef<HTMLHeadingElement>(null);
  const codeInput = useRef<HTMLInputElement | null>(null);
  const { ref: focusCodeOnMount, arm: armCodeFocus } = useFocusOnNextMount<HTMLInputElement>();
  const codeRef = useCallback(
    (element: HTMLInputElement | null) => {
      codeInput.current = element;
      focusCodeOnMount(element);
    },
    [focusCodeOnMount],
  );
  const passwordInput = useRef<HTMLInputElement>(null);
  const instructionsId = useId();
  const secretId = useId();

  const onStart = async () => {
    if (start.isPending) return;
    try {
      const started = await start.mutateAsync();
      setCode('');
      setCodeError(undefined);
      // The Enable button goes: the code field takes focus as the form comes.
      armCodeFocus();
      setSetup(started);
    } catch (error) {
      toast({ title: '2FA setup failed', description: errorMessage(error, 'Failed to start two-factor setup'), variant: 'destructive' });
    }
  };
  const onVerify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verify.isPending) return;
    if (code.length !== TOTP_CODE_LENGTH) {
      setCodeError(`Enter the ${TOTP_CODE_LENGTH}-digit code from your authenticator app`);
      codeInput.current?.focus();
      return;
    }
    try {
      await verify.mutateAsync(code);
      setSetup(null);
      setCode('');
      setCodeError(undefined);
      moveFocusTo(heading.current, { scroll: 'nearest' });
      toast({ title: '2FA enabled', description: 'Staff sign-in now asks for a code.', variant: 'success' });
    } catch (error) {
      const message = errorMessage(error, 'Invalid verification code');
      setCode('');
      setCodeError(message);
      codeInput.current?.focus();
      toast({ title: 'Verification failed', description: message, variant: 'destructive' });
    }
  };
  const onDisable = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disable.isPending) return;
    if (password === '') {
      setPasswordError('Enter your password to turn two-factor sign-in off');
      passwordInput.current?.focus();
      return;
    }
    try {
      await disable.mutateAsync(password);
      setPassword('');
      setPasswordError(undefined);
      moveFocusTo(heading.current, { scroll: 'nearest' });
      toast({ title: '2FA disabled', description: 'Staff sign-in no longer asks for a code.', variant: 'success' });
    } catch (error) {
      const message = errorMessage(error, 'Failed to disable two-factor authentication');
      setPasswordError(message);
      passwordInput.current?.focus();
      toast({ title: 'Disable failed', description: message, variant: 'destructive' });
    }
  };

  return (
    <Card id={CARD_ID} className="scroll-mt-6">
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 ref={heading} className="flex items-center gap-2 text-lg font-semibold tracking-tight">
            Two-factor sign-in
            {staff.twoFactorEnabled ? <Badge variant="success">Enabled</Badge> : <Badge>Off</Badge>}
          </h2>
          {!staff.twoFactorEnabled && !setup ? (
            <Button onClick={() => void onStart()} pending={start.isPending}>
              <ShieldCheck aria-hidden="true" />
              {start.isPending ? 'Starting...' : 'Enable 2FA'}
            </Button>
          ) : null}
        </div>
        {setup ? (
          <form onSubmit={onVerify} className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-start" aria-label="Set up two-factor sign-in">
            <img src={setup.qrCode} alt="QR code for your authenticator app" width={160} height={160} className="size-40 rounded-lg border border-border bg-white p-2" />
            <div className="grid min-w-0 gap-3">
              <p id={instructionsId} className="text-sm text-muted-foreground">
                Scan the code, or enter this secret in your authenticator app:
              </p>
              <code id={secretId} className="break-all rounded bg-subtle px-2 py-1 font-mono text-sm">
                {setup.secret}
              </code>
              <Field label="Authentication code" error={codeError}>
                {(control) => (
                  <Input
                    {...control}
                    aria-describedby={[instructionsId, secretId, control['aria-describedby']].filter(Boolean).join(' ')}
                    ref={codeRef}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={TOTP_CODE_LENGTH}
                    className="font-mono tracking-[0.3em]"
                    value={code}
                    onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, TOTP_CODE_LENGTH))}
                  />
                )}
              </Field>
              <Button type="submit" pending={verify.isPending} className="w-fit">
                {verify.isPending ? 'Verifying...' : 'Verify and enable'}
              </Button>
            </div>
          </form>
        ) : staff.twoFactorEnabled ? (
          <form onSubmit={onDisable} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end" aria-label="Turn off two-factor sign-in">
            <Field label="Password" error={passwordError}>
              {(control) => (
                <PasswordInput
                  {...control}
                  ref={passwordInput}
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
              )}
            </Field>
            <Button type="submit" variant="secondary" pending={disable.isPending}>
              {disable.isPending ? 'Disabling...' : 'Disable 2FA'}
            </Button>
          </form>
        ) : (
          <p className="text-sm text-muted-foreground">Add a code from an authenticator app to every staff sign-in.</p>
        )}
      </CardContent>
    </Card>
  );
}
