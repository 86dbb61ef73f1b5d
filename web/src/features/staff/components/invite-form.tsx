// The invite form (seed 3.9's payload): e-mail, first and last name, and a role of admin1..admin3.
// The invitation link goes out by e-mail; the inviter never sees it.
import { INVITABLE_ROLES, staffInviteRequestSchema, type InvitableRole } from '@titleledger/api/schemas';
import { useState, type FormEvent } from 'react';

import { Button } from '@/components/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/card';
import { Field } from '@/components/field';
import { Input } from '@/components/input';
import { Select } from '@/components/select';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-error';

import { useInviteAdmin } from '../api/manage-admins';

type Form = { email: string; firstName: string; lastName: string; role: InvitableRole };
const empty: Form = { email: '', firstName: '', lastName: '', role: 'admin1' };

export function InviteForm() {
  const invite = useInviteAdmin();
  const [form, setForm] = useState<Form>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const set = (key: keyof Form) => (value: string) => setForm((current) => ({ ...current, [key]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = staffInviteRequestSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    try {
      await invite.mutateAsync(parsed.data);
      toast({ title: 'Invitation Sent', description: `An invitation is on its way to ${parsed.data.email}.`, variant: 'success' });
      setForm(empty);
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, 'Failed to send invitation'), variant: 'destructive' });
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
            {(control) => <Input {...control} type="email" autoComplete="off" value={form.email} onChange={(e) => set('email')(e.target.value)} />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
            <Field label="First name" error={errors.firstName}>
              {(control) => <Input {...control} value={form.firstName} onChange={(e) => set('firstName')(e.target.value)} />}
            </Field>
            <Field label="Last name" error={errors.lastName}>
              {(control) => <Input {...control} value={form.lastName} onChange={(e) => set('lastName')(e.target.value)} />}
            </Field>
          </div>
          <Field label="Role" error={errors.role}>
            {(control) => (
              <Select
                {...control}
                options={INVITABLE_ROLES.map((role) => ({ value: role, label: role }))}
                value={form.role}
                onChange={(e) => set('role')(e.target.value)}
              />
            )}
          </Field>
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? 'Sending...' : 'Send Invitation'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
