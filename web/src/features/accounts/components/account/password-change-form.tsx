// Change password: current password, a new one of at least 8 characters, typed twice. The shared
// schema gives the messages; PUT /api/user/password does the rest.
import { passwordChangeFormSchema } from '@titleledger/api/schemas';
import { useState, type FormEvent } from 'react';

import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { PasswordInput } from '@/components/password-input';
import { useGoToFirstInvalid } from '@/hooks/use-go-to-first-invalid';
import { useSingleFlight } from '@/hooks/use-single-flight';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-error';

import { useChangePassword } from '../../api/change-password';

type Form = { currentPassword: string; newPassword: string; confirmPassword: string };
const empty: Form = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordChangeForm() {
  const change = useChangePassword();
  const [form, setForm] = useState<Form>(empty);
  const [errors, setErrors] = useState<Partial<Form>>({});
  // A second click while the first is on its way was refused (the password is no longer current) and
  // said "Password change failed" beside "Password changed".
  const once = useSingleFlight();
  // A field refused here gets focus (its message describes it) and a toast says so: the messages
  // alone appeared while focus stayed on the button, and a screen reader said nothing.
  const goToFirstInvalid = useGoToFirstInvalid();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    void once(() => changePassword(element));
  };

  const changePassword = async (element: HTMLFormElement) => {
    const parsed = passwordChangeFormSchema.safeParse(form);
    if (!parsed.success) {
      const next: Partial<Form> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Form] ??= issue.message;
      setErrors(next);
      goToFirstInvalid(element, Object.keys(next));
      return;
    }
    setErrors({});
    try {
      await change.mutateAsync({ currentPassword: form.currentPassword, newPassword: form.newPassword });
      setForm(empty);
      toast({ title: 'Password changed', description: 'Use your new password next time you sign in.', variant: 'success' });
    } catch (error) {
      toast({
        title: 'Password change failed',
        description: errorMessage(error, 'Failed to change password'),
        variant: 'destructive',
      });
    }
  };

  const field = (key: keyof Form, label: string, autoComplete: string, hint?: string) => (
    <Field label={label} error={errors[key]} hint={hint}>
      {(control) => (
        <PasswordInput
          {...control}
          name={key}
          autoComplete={autoComplete}
          value={form[key]}
          onChange={(event) => setForm((f) => ({ ...f, [key]: event.target.value }))}
        />
      )}
    </Field>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-labelledby="password-title">
      <h3 id="password-title" className="font-medium">
        Change password
      </h3>
      <div className="grid gap-4 sm:grid-cols-3">
        {field('currentPassword', 'Current password', 'current-password')}
        {field('newPassword', 'New password', 'new-password', 'At least 8 characters.')}
        {field('confirmPassword', 'Confirm new password', 'new-password')}
      </div>
      <div>
        <Button type="submit" pending={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change Password'}
        </Button>
      </div>
    </form>
  );
}
