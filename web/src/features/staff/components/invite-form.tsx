// The invite form (seed 3.9's payload): e-mail, first and last name, and a role of admin1..admin3.
// The invitation link goes out by e-mail; the inviter never sees it. A field the form refuses takes
// focus with its message (they appeared while focus stayed on the button, unheard, and on a phone
// out of sight); an address already taken is said on the e-mail field. Send Invitation keeps focus
// while the call runs (disabled, it dropped focus to <body>).
import { INVITABLE_ROLES, staffInviteRequestSchema, type InvitableRole } from '@titleledger/api/schemas';
import { useState, type FormEvent } from 'react';

import { Button } from '@/components/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/card';
import { Field } from '@/components/field';
import { Input } from '@/components/input';
import { Select } from '@/components/select';
import { useGoToFirstInvalid } from '@/hooks/use-go-to-first-invalid';
import { toast } from '@/hooks/use-toast';
import { errorMessage, errorStatus } from '@/lib/api-error';

import { useInviteAdmin } from '../api/manage-admins';

type Form = { email: string; firstName: string; lastName: string; role: InvitableRole };
const empty: Form = { email: '', firstName: '', lastName: '', role: 'admin1' };

export function InviteForm() {
  const invite = useInviteAdmin();
  const [form, setForm] = useState<Form>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const set = (key: keyof Form) => (value: string) => setForm((current) => ({ ...current, [key]: value }));
  const goToFirstInvalid = useGoToFirstInvalid();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (invite.isPending) return;
    const element = event.currentTarget;
    const parsed = staffInviteRequestSchema.safeParse(form);
    if (!parsed.success) {
      const found: Partial<Record<keyof Form, string>> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0]) as keyof Form] ??= issue.message;
      setErrors(found);
      goToFirstInvalid(element, Object.keys(found));
      return;
    }
    setErrors({});
    try {
      await invite.mutateAsync(parsed.data);
      toast({ title: 'Invitation Sent', description: `An invitation is on its way to ${parsed.data.email}.`, variant: 'success' });
      setForm(empty);
    } catch (error) {
      const message = errorMessage(error, 'Failed to send invitation');
      // 409: the address is already an admin's.
      if (errorStatus(error) === 409) {
        setErrors({ email: message });
        goToFirstInvalid(element, ['email'], { title: 'Error', description: message });
        return;
      }
      toast({ title: 'Error', description: message, variant: 'destructive' });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Invite an admin</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Invite an admin">
          <Field label="Email" error={errors.email}>
            {(control) => <Input {...control} name="email" type="email" autoComplete="off" value={form.email} onChange={(e) => set('email')(e.target.value)} />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
            <Field label="First name" error={errors.firstName}>
              {(control) => <Input {...control} name="firstName" value={form.firstName} onChange={(e) => set('firstName')(e.target.value)} />}
            </Field>
            <Field label="Last name" error={errors.lastName}>
              {(control) => <Input {...control} name="lastName" value={form.lastName} onChange={(e) => set('lastName')(e.target.value)} />}
            </Field>
          </div>
          <Field label="Role" error={errors.role}>
            {(control) => (
              <Select
                {...control}
                name="role"
                options={INVITABLE_ROLES.map((role) => ({ value: role, label: role }))}
                value={form.role}
                onChange={(e) => set('role')(e.target.value)}
              />
            )}
          </Field>
          <Button type="submit" pending={invite.isPending}>
            {invite.isPending ? 'Sending...' : 'Send Invitation'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
