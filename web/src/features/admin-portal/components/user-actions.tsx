// What an admin may do to one creator account: see its details and registrations (everyone), edit
// its profile fields (admin2+), delete it (admin3+): the account is deleted as the creator's own
// deletion is and every registration of theirs goes to the Forever Database.
import { ADMIN_MESSAGES, adminUserUpdateRequestSchema, type AdminUser } from '@titleledger/api/schemas';
import { Eye, PencilLine, Trash2 } from 'lucide-react';
import { useState } from 'react';

import { Button } from '@/components/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/dialog';
import { Field } from '@/components/field';
import { Input } from '@/components/input';
import { Loading, LoadFailed } from '@/components/query-states';
import { Textarea } from '@/components/textarea';
import { sentenceWith, UserText } from '@/components/user-text';
import { useGoToFirstInvalid } from '@/hooks/use-go-to-first-invalid';
import { useSingleFlight } from '@/hooks/use-single-flight';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-error';

import { useUserRegistrations } from '../api/get-user-registrations';
import { useDeleteUser, useUpdateUser } from '../api/manage-records';
import { fieldErrors } from '../lib/field-errors';
import { formatDate } from '../lib/format';
import type { PortalRights } from '../lib/rights';
import { ReasonDialog } from './reason-dialog';
import { RegistrationRow } from './registration-row';

export const userName = (user: Pick<AdminUser, 'firstName' | 'lastName' | 'fullName' | 'email'>) =>
  user.fullName || `${user.firstName} ${user.lastName}`.trim() || user.email;

function UserDetails({ user, rights }: { user: AdminUser; rights: PortalRights }) {
  const details = useUserRegistrations(user.id);
  const shown = details.data?.user ?? user;
  return (
    <div className="grid gap-5">
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div className="grid gap-0.5">
          <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Name</dt>
          <UserText as="dd" className="wrap-anywhere">{userName(shown)}</UserText>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">E-mail</dt>
          <dd className="wrap-anywhere">{shown.email}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Member since</dt>
          <dd>{formatDate(shown.createdAt)}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Registrations</dt>
          <dd className="tabular-nums">
            {shown.registrationCount.toLocaleString()} ({shown.activeRegistrationCount.toLocaleString()} active)
          </dd>
        </div>
      </dl>
      <div className="grid gap-2">
        <h3 className="text-sm font-semibold">Their registrations</h3>
        {details.isPending ? (
          <Loading>Loading their registrations...</Loading>
        ) : details.isError ? (
          <LoadFailed title="Could not load their registrations" error={details.error} onRetry={() => void details.refetch()} />
        ) : details.data.registrations.length === 0 ? (
          <p className="py-4 text-sm text-muted-foreground">No registrations.</p>
        ) : (
          <ul aria-label={`Registrations of ${shown.email}`} className="-mx-4 divide-y divide-border border-y border-border sm:-mx-6">
            {details.data.registrations.map((registration) => (
              <RegistrationRow key={registration.id} registration={registration} rights={rights} showOwner={false} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function ViewDetailsButton({ user, rights }: { user: AdminUser; rights: PortalRights }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" aria-label={`View details of ${user.email}`}>
          <Eye aria-hidden="true" />
          View Details
        </Button>
      </DialogTrigger>
      <DialogContent title={userName(user)} description="Account details and every registration of theirs." className="max-w-2xl">
        <UserDetails user={user} rights={rights} />
      </DialogContent>
    </Dialog>
  );
}

const EDITABLE = [
  { key: 'firstName', label: 'First name' },
  { key: 'lastName', label: 'Last name' },
  { key: 'fullName', label: 'Full name' },
  { key: 'phone', label: 'Phone' },
  { key: 'address', label: 'Address' },
  { key: 'city', label: 'City' },
  { key: 'state', label: 'State' },
  { key: 'zipCode', label: 'Zip code' },
  { key: 'country', label: 'Country' },
] as const;
type EditableKey = (typeof EDITABLE)[number]['key'];

function known(user: AdminUser): Partial<Record<EditableKey, string>> {
  return { firstName: user.firstName, lastName: user.lastName, fullName: user.fullName, country: user.country };
}

function EditUserButton({ user }: { user: AdminUser }) {
  const once = useSingleFlight();
  const update = useUpdateUser();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Partial<Record<EditableKey, string>>>({});
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A refused field takes focus with its message: on a phone the reason's was below the dialog's fold.
  const goToFirstInvalid = useGoToFirstInvalid();

  const change = (next: boolean) => {
    setOpen(next);
    if (next) {
      setValues(known(user));
      setReason('');
      setErrors({});
    }
  };

  const submit = async (form: HTMLFormElement) => {
    const before = known(user);
    // Only fields that changed go: an empty field the list never showed means "leave as it is".
    const changed: Partial<Record<EditableKey, string>> = {};
    for (const { key } of EDITABLE) {
      const value = values[key] ?? '';
      if (value !== (before[key] ?? '')) changed[key] = value;
    }
    const parsed = adminUserUpdateRequestSchema.safeParse({ ...changed, reason });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      goToFirstInvalid(form, Object.keys(found));
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync({ userId: user.id, update: parsed.data });
      toast({ title: 'User Updated', description: `${user.email}'s profile was updated.`, variant: 'success' });
      setOpen(false);
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, 'Failed to update user'), variant: 'destructive' });
    }
  };

  const formId = `edit-user-${user.id}`;
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" aria-label={`Edit ${user.email}`}>
          <PencilLine aria-hidden="true" />
          Edit
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Edit user"
        description={`${user.email}: fields left empty keep their current value.`}
        className="max-w-2xl"
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" form={formId} pending={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save changes'}
            </Button>
          </>
        }
      >
        <form id={formId} aria-label="Edit user" className="grid gap-4 sm:grid-cols-2" onSubmit={(event) => {
            event.preventDefault();
            const form = event.currentTarget;
            void once(() => submit(form));
          }} noValidate>
          {EDITABLE.map(({ key, label }) => (
            <Field key={key} label={label} error={errors[key]}>
              {(control) => <Input {...control} name={key} value={values[key] ?? ''} onChange={(event) => setValues((v) => ({ ...v, [key]: event.target.value }))} />}
            </Field>
          ))}
          <Field label="Reason" error={errors.reason} hint="Recorded with your name in the access log." className="sm:col-span-2">
            {(control) => <Textarea {...control} name="reason" className="min-h-16" value={reason} onChange={(event) => setReason(event.target.value)} />}
          </Field>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteUserButton({ user }: { user: AdminUser }) {
  const remove = useDeleteUser();
  const onConfirm = async (reason: string) => {
    try {
      const reply = await remove.mutateAsync({ userId: user.id, reason });
      toast({
        title: ADMIN_MESSAGES.userDeletedTitle,
        description: `${user.email}: ${reply.archivedRegistrations.toLocaleString()} registration(s) archived to the Forever Database.`,
        variant: 'success',
      });
      return true;
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, 'Failed to delete user'), variant: 'destructive' });
      return false;
    }
  };
  return (
    <ReasonDialog
      title="Delete user"
      question={sentenceWith((who) => ADMIN_MESSAGES.deleteUserConfirm(`${who} (${user.email})`), userName(user))}
      confirmLabel="Delete user"
      pendingLabel="Deleting..."
      removesRow
      onConfirm={onConfirm}
      trigger={
        <Button variant="secondary" size="sm" aria-label={`Delete ${user.email}`}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      }
    />
  );
}

export function UserActions({ user, rights }: { user: AdminUser; rights: PortalRights }) {
  return (
    <div className="flex flex-wrap gap-2">
      <ViewDetailsButton user={user} rights={rights} />
      {rights.edit ? <EditUserButton user={user} /> : null}
      {rights.delete ? <DeleteUserButton user={user} /> : null}
    </div>
  );
}
