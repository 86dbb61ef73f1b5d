// Data & Privacy: download your data (a JSON file built here, no call) and delete the account
// (password plus the exact words DELETE MY ACCOUNT, then DELETE /api/user/account). A password the
// server refuses is said on the password field, where focus goes for the next try, as well as in
// the spec's "Account deletion failed" toast.
import { DELETE_CONFIRM_TEXT, deleteAccountRequestSchema } from '@titleledger/api/schemas';
import { Download, ShieldAlert, Trash2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';

import { Button } from '@/components/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/dialog';
import { Field } from '@/components/field';
import { Input } from '@/components/input';
import { PasswordInput } from '@/components/password-input';
import { useSingleFlight } from '@/hooks/use-single-flight';
import { toast } from '@/hooks/use-toast';
import { errorMessage, errorStatus } from '@/lib/api-error';

import { useDeleteAccount } from '../../api/delete-account';
import type { Profile } from '../../api/get-profile';
import { exportFileName, exportJson } from '../../lib/export-data';
import { Section } from './section';

function downloadExport(profile: Profile) {
  const now = new Date();
  const url = URL.createObjectURL(new Blob([exportJson(profile, now)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(now);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function DeleteAccountDialog() {
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [confirmText, setConfirmText] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmText?: string }>({});
  // A second click while the first is on its way was refused (the account, and its session, are gone
  // by then) and said "Account deletion failed" as the account was deleted.
  const once = useSingleFlight();
  const passwordInput = useRef<HTMLInputElement>(null);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setPassword('');
      setConfirmText('');
      setErrors({});
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void once(deleteAccount);
  };

  const deleteAccount = async () => {
    const parsed = deleteAccountRequestSchema.safeParse({ password, confirmText });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as 'password' | 'confirmText'] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await remove.mutateAsync(parsed.data);
      toast({ title: 'Account deleted', description: 'Your account and personal data have been removed.' });
    } catch (error) {
      const message = errorMessage(error, 'Failed to delete account');
      // 422 is the server refusing the password (owner-proof.ts): the field says so.
      if (errorStatus(error) === 422) {
        setErrors({ password: message });
        passwordInput.current?.focus();
        passwordInput.current?.select();
      }
      toast({ title: 'Account deletion failed', description: message, variant: 'destructive' });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="destructive">
          <Trash2 aria-hidden="true" />
          Delete Account
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Delete your account?"
        description="This permanently removes your account and personal data. It cannot be undone."
      >
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <Field label="Password" error={errors.password}>
            {(control) => (
              <PasswordInput
                {...control}
                ref={passwordInput}
                autoComplete="current-password"
                value={password}
                onChange={(event) => {
                  setPassword(event.target.value);
                  setErrors(({ password: _refused, ...rest }) => rest);
                }}
              />
            )}
          </Field>
          <Field
            label={
              <>
                Type <span className="font-mono">{DELETE_CONFIRM_TEXT}</span> to confirm
              </>
            }
            error={errors.confirmText}
          >
            {(control) => (
              <Input
                {...control}
                autoComplete="off"
                spellCheck={false}
                value={confirmText}
                onChange={(event) => setConfirmText(event.target.value)}
              />
            )}
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" pending={remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Permanently Delete Account'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function DataPrivacySection({ profile }: { profile: Profile }) {
  const onExport = () => {
    downloadExport(profile);
    toast({ title: 'Data exported', description: 'Your data has been downloaded as a JSON file.', variant: 'success' });
  };

  return (
    <Section id="privacy" title="Data & Privacy" description="Your data, your call." Icon={ShieldAlert}>
      <div className="grid gap-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h3 className="font-medium">Export data</h3>
            <p className="text-sm text-muted-foreground">Download your profile as a JSON file.</p>
          </div>
          <Button variant="secondary" onClick={onExport}>
            <Download aria-hidden="true" />
            Export Data
          </Button>
        </div>
        <hr className="border-border" />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h3 className="font-medium text-danger">Delete account</h3>
            <p className="text-sm text-muted-foreground">Permanently remove your account and personal data.</p>
          </div>
          <DeleteAccountDialog />
        </div>
      </div>
    </Section>
  );
}
