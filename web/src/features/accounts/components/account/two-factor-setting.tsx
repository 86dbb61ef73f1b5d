// Two-factor authentication: Enable fetches a QR code and secret and opens a dialog where the
// first 6-digit code from the authenticator switches it on; Disable switches it off. A refused code
// is said beside the field, where focus goes back for the next one (the dialog stays open: a toast
// alone was all it said, and focus fell to <body> as the emptied code disabled the button).
// Neither dialog has a Radix trigger (one opens once the server has answered), so closing either,
// by its buttons or Escape, puts focus back on the Enable/Disable button itself: Radix would focus
// its missing trigger, leaving <body>. The two are one element that changes its words, so focus
// stays on it when 2FA turns on or off.
import { TOTP_CODE_LENGTH } from '@titleledger/api/schemas';
import { Copy, ShieldCheck } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';

import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Dialog, DialogContent } from '@/components/dialog';
import { Field } from '@/components/field';
import { Input } from '@/components/input';
import { PasswordInput } from '@/components/password-input';
import { useSingleFlight } from '@/hooks/use-single-flight';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-error';

import { useDisableTwoFactor } from '../../api/disable-two-factor';
import { useEnableTwoFactor, type TwoFactorSetup } from '../../api/enable-two-factor';
import { useVerifyTwoFactor } from '../../api/verify-two-factor';

export function TwoFactorSetting({ enabled }: { enabled: boolean }) {
  const enable = useEnableTwoFactor();
  const verify = useVerifyTwoFactor();
  const disable = useDisableTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>(undefined);
  const codeInput = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const backToToggle = (event: Event) => {
    event.preventDefault();
    toggle.current?.focus();
  };
  const once = useSingleFlight();
  const [confirmingDisable, setConfirmingDisable] = useState(false);
  const [password, setPassword] = useState('');

  const start = () =>
    once(async () => {
      try {
        setCode('');
        setCodeError(undefined);
        setSetup(await enable.mutateAsync());
      } catch (error) {
        toast({ title: '2FA setup failed', description: errorMessage(error, 'Failed to start two-factor setup'), variant: 'destructive' });
      }
    });

  const onVerify = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.length !== TOTP_CODE_LENGTH) return;
    void once(async () => {
      try {
        await verify.mutateAsync({ token: code });
        setSetup(null);
        toast({ title: '2FA enabled', description: 'You will be asked for a code when you sign in.', variant: 'success' });
      } catch (error) {
        const message = errorMessage(error, 'Invalid verification code');
        setCode('');
        setCodeError(message);
        codeInput.current?.focus();
        toast({ title: 'Verification failed', description: message, variant: 'destructive' });
      }
    });
  };

  const onDisable = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') return;
    void once(async () => {
      try {
        await disable.mutateAsync({ password });
        setConfirmingDisable(false);
        setPassword('');
        toast({ title: '2FA disabled', description: 'Sign-in no longer asks for a code.', variant: 'success' });
      } catch (error) {
        toast({ title: 'Disable failed', description: errorMessage(error, 'Failed to disable two-factor authentication'), variant: 'destructive' });
      }
    });
  };

  const copySecret = async () => {
    if (!setup) return;
    try {
      await navigator.clipboard.writeText(setup.secret);
      toast({ title: 'Secret copied' });
    } catch {
      toast({ title: 'Copy failed', description: 'Select the secret and copy it by hand.', variant: 'destructive' });
    }
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid gap-1">
        <h3 className="flex items-center gap-2 font-medium">
          Two-factor authentication
          {enabled ? <Badge variant="success">Enabled</Badge> : <Badge>Off</Badge>}
        </h3>
        <p className="text-sm text-muted-foreground">
          {enabled
            ? 'Signing in asks for a code from your authenticator app.'
            : 'Add a second step to sign-in with an authenticator app.'}
        </p>
      </div>
      {enabled ? (
        <Button ref={toggle} variant="secondary" onClick={() => setConfirmingDisable(true)}>
          Disable 2FA
        </Button>
      ) : (
        <Button ref={toggle} onClick={() => void start()} pending={enable.isPending}>
          <ShieldCheck aria-hidden="true" />
          {enable.isPending ? 'Starting...' : 'Enable 2FA'}
        </Button>
      )}

      <Dialog
        open={confirmingDisable}
        onOpenChange={(open) => {
          setConfirmingDisable(open);
          if (!open) setPassword('');
        }}
      >
        <DialogContent
          title="Turn off two-factor authentication?"
          description="Signing in will only need your password. Enter it to confirm."
          onCloseAutoFocus={backToToggle}
        >
          <form onSubmit={onDisable} className="grid gap-5">
            <Field label="Password">
              {(control) => (
                <PasswordInput
                  {...control}
                  required
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
              )}
            </Field>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => setConfirmingDisable(false)} disabled={disable.isPending}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={password === ''} pending={disable.isPending}>
                {disable.isPending ? 'Disabling...' : 'Disable 2FA'}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>

      <Dialog open={setup !== null} onOpenChange={(open) => (open ? undefined : setSetup(null))}>
        {setup ? (
          <DialogContent
            title="Set up two-factor authentication"
            description="Scan the QR code with your authenticator app, or enter the secret by hand. Then type the 6-digit code it shows."
            onCloseAutoFocus={backToToggle}
          >
            <form id="two-factor-form" onSubmit={onVerify} className="grid gap-5">
              <img
                src={setup.qrCode}
                alt="QR code for your authenticator app"
                width={192}
                height={192}
                className="mx-auto size-48 rounded-lg border border-border bg-white p-2"
              />
              <div className="grid gap-2">
                <p className="text-sm font-medium" id="two-factor-secret-label">
                  Secret key
                </p>
                <div className="flex items-center gap-2">
                  <code
                    aria-labelledby="two-factor-secret-label"
                    data-testid="two-factor-secret"
                    className="min-w-0 flex-1 break-all rounded-md bg-subtle px-3 py-2 font-mono text-sm"
                  >
                    {setup.secret}
                  </code>
                  <Button variant="ghost" size="icon" onClick={copySecret} aria-label="Copy secret key">
                    <Copy aria-hidden="true" />
                  </Button>
                </div>
              </div>
              <Field label="Verification code" error={codeError}>
                {(control) => (
                  <Input
                    {...control}
                    ref={codeInput}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={TOTP_CODE_LENGTH}
                    className="font-mono tracking-[0.3em]"
                    value={code}
                    onChange={(event) => {
                      setCode(event.target.value.replace(/\D/g, '').slice(0, TOTP_CODE_LENGTH));
                      setCodeError(undefined);
                    }}
                  />
                )}
              </Field>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button variant="secondary" onClick={() => setSetup(null)}>
                  Cancel
                </Button>
                <Button type="submit" disabled={code.length !== TOTP_CODE_LENGTH} pending={verify.isPending}>
                  {verify.isPending ? 'Verifying...' : 'Verify and Enable'}
                </Button>
              </div>
            </form>
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}
