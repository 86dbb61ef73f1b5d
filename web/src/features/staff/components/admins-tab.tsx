// Admins: every staff account with its role and state; a non-master's role can be changed, the
// account deleted (after the seed's confirmation) and, once active, sent a password-reset link (after
// a confirmation too); master admins cannot be edited or deleted (theirs is reset from the server's
// command line). The invite form sits beside the list. A role is changed in a dialog that says what
// it does (the member is signed out at once), never by the row's own picker: a native <select>
// changes its value on a single arrow key, and browsing its options from the keyboard re-roled the
// admin. Each dialog hands focus back to its button, or to the next row once the admin is deleted;
// its confirm runs once however often it is pressed (useSingleFlight) and keeps focus while it runs.
import { INVITABLE_ROLES, ROLE_DESCRIPTIONS, STAFF_MESSAGES, type InvitableRole, type StaffAccount } from '@titleledger/api/schemas';
import { KeyRound, Search, Trash2, UserCog } from 'lucide-react';
import { useRef, useState } from 'react';

import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/card';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/dialog';
import { Input } from '@/components/input';
import { Label } from '@/components/label';
import { Loading, LoadFailed } from '@/components/query-states';
import { Select } from '@/components/select';
import { UserText } from '@/components/user-text';
import { useSingleFlight } from '@/hooks/use-single-flight';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-error';
import { placeOf, returnFocusTo, type ListPlace } from '@/lib/focus';

import { useAdmins } from '../api/get-admins';
import { useChangeAdminRole, useDeleteAdmin, useSendPasswordReset } from '../api/manage-admins';
import { InviteForm } from './invite-form';

const roleOptions = INVITABLE_ROLES.map((role) => ({ value: role, label: role }));

/** "Send password reset" for an active, non-master account: e-mails a single-use 24-hour link after a confirmation. */
function SendPasswordReset({ admin, name }: { admin: StaffAccount; name: string }) {
  const send = useSendPasswordReset();
  const once = useSingleFlight();
  const [confirming, setConfirming] = useState(false);
  const onSend = () =>
    once(async () => {
      try {
        const reply = await send.mutateAsync(admin.id);
        setConfirming(false);
        toast({ title: 'Password Reset Sent', description: `${reply.message}. It works once, for 24 hours.`, variant: 'success' });
      } catch (error) {
        toast({ title: 'Error', description: errorMessage(error, 'Failed to send password reset'), variant: 'destructive' });
      }
    });
  return (
    <Dialog open={confirming} onOpenChange={setConfirming}>
      <DialogTrigger asChild>
        <Button variant="secondary" aria-label={`Send password reset to ${admin.email}`}>
          <KeyRound aria-hidden="true" />
          Send password reset
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Send password reset"
        description="E-mail this admin a link to set a new password?"
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button onClick={() => void onSend()} pending={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send reset link'}
            </Button>
          </>
        }
      >
        <p className="wrap-anywhere text-sm">
          <UserText>{name}</UserText> (<span className="wrap-anywhere">{admin.email}</span>) will get a link that works once, for 24 hours; a newer link replaces it. Their current password works until they
          use it; setting a new one signs them out everywhere. Two-factor sign-in stays as it is.
        </p>
      </DialogContent>
    </Dialog>
  );
}

/** "Change role": the new role is chosen and confirmed in a dialog, which says the member is signed out. */
function ChangeRole({ admin, name }: { admin: StaffAccount; name: string }) {
  const changeRole = useChangeAdminRole();
  const once = useSingleFlight();
  const [open, setOpen] = useState(false);
  const [role, setRole] = useState<InvitableRole>(admin.role as InvitableRole);
  const pickerId = `role-${admin.id}`;

  const change = (next: boolean) => {
    setOpen(next);
    if (next) setRole(admin.role as InvitableRole);
  };
  const onConfirm = () =>
    once(async () => {
      try {
        await changeRole.mutateAsync({ id: admin.id, role });
        setOpen(false);
        toast({ title: 'Role Updated', description: `${admin.email} is now ${role}.`, variant: 'success' });
      } catch (error) {
        toast({ title: 'Error', description: errorMessage(error, 'Failed to update role'), variant: 'destructive' });
      }
    });

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button variant="secondary" aria-label={`Change role of ${admin.email}`}>
          <UserCog aria-hidden="true" />
          Change role
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Change role"
        description={
          <>
            <UserText>{name}</UserText> (<span className="wrap-anywhere">{admin.email}</span>) is {admin.role} now.
          </>
        }
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button onClick={() => void onConfirm()} pending={changeRole.isPending} disabled={role === admin.role}>
              {changeRole.isPending ? 'Changing...' : 'Change role'}
            </Button>
          </>
        }
      >
        <div className="grid gap-3">
          <div className="grid gap-2">
            <Label htmlFor={pickerId}>New role</Label>
            <Select id={pickerId} options={roleOptions} value={role} onChange={(event) => setRole(event.target.value as InvitableRole)} />
          </div>
          <p className="text-sm text-muted-foreground">
            {ROLE_DESCRIPTIONS[role].title}: {ROLE_DESCRIPTIONS[role].rights.join('; ')}.
          </p>
          <p className="text-sm">They are signed out at once, everywhere, and sign in again with the new role&apos;s rights.</p>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** "Delete": the seed's question; once done, focus goes to the row that takes this one's place. */
function DeleteAdmin({ admin, name }: { admin: StaffAccount; name: string }) {
  const remove = useDeleteAdmin();
  const once = useSingleFlight();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const place = useRef<ListPlace | null>(null);
  const deleted = useRef(false);

  const change = (next: boolean) => {
    setOpen(next);
    if (next) {
      place.current = opener.current ? placeOf(opener.current) : null;
      deleted.current = false;
    }
  };
  const onDelete = () =>
    once(async () => {
      try {
        await remove.mutateAsync(admin.id);
        deleted.current = true;
        setOpen(false);
        toast({ title: 'Admin Deleted', description: `${admin.email} can no longer sign in.`, variant: 'success' });
      } catch (error) {
        toast({ title: 'Error', description: errorMessage(error, 'Failed to delete admin'), variant: 'destructive' });
      }
    });

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild ref={opener}>
        <Button variant="secondary" aria-label={`Delete ${admin.email}`}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Delete admin"
        description={STAFF_MESSAGES.deleteAdminConfirm}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (place.current) returnFocusTo(place.current, deleted.current);
        }}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button variant="destructive" onClick={() => void onDelete()} pending={remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Delete admin'}
            </Button>
          </>
        }
      >
        <p className="wrap-anywhere text-sm">
          <UserText>{name}</UserText> (<span className="wrap-anywhere">{admin.email}</span>) will be signed out at once and can no longer sign in.
        </p>
      </DialogContent>
    </Dialog>
  );
}

function AdminRow({ admin }: { admin: StaffAccount }) {
  const name = `${admin.firstName} ${admin.lastName}`.trim();
  const isMaster = admin.role === 'master_admin';

  return (
    <li className="grid gap-3 px-4 py-4 sm:grid-cols-[1fr_auto] sm:items-center sm:px-6" aria-label={admin.email}>
      <div className="min-w-0 grid gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-foreground">
          <UserText className="min-w-0 wrap-anywhere">{name || admin.email}</UserText>
          <Badge variant={isMaster ? 'accent' : 'neutral'}>{admin.role}</Badge>
          {admin.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="warning">Invited</Badge>}
        </p>
        <p className="wrap-anywhere text-sm text-muted-foreground">{admin.email}</p>
        <p className="text-xs text-muted-foreground">
          {admin.lastLogin ? `Last sign-in ${new Date(admin.lastLogin).toLocaleString()}` : 'Never signed in'}
        </p>
      </div>
      {isMaster ? (
        <p className="text-xs text-muted-foreground">Master admins cannot be edited or deleted.</p>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          <ChangeRole admin={admin} name={name || admin.email} />
          {admin.isActive ? <SendPasswordReset admin={admin} name={name || admin.email} /> : null}
          <DeleteAdmin admin={admin} name={name || admin.email} />
        </div>
      )}
    </li>
  );
}

/** Whether `admin` matches what was typed in the filter: e-mail, name or role, case aside. */
function matches(admin: StaffAccount, term: string): boolean {
  const wanted = term.trim().toLowerCase();
  if (wanted === '') return true;
  return [admin.email, `${admin.firstName} ${admin.lastName}`, admin.role].some((text) => text.toLowerCase().includes(wanted));
}

export function AdminsTab() {
  const admins = useAdmins();
  const [term, setTerm] = useState('');
  const shown = admins.data?.filter((admin) => matches(admin, term)) ?? [];
  const total = admins.data?.length ?? 0;
  return (
    // Below lg the invite form comes first: after 60 admin rows it was a long scroll away on a phone.
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
      <Card className="order-last lg:order-none">
        <CardHeader className="gap-3">
          <CardTitle>Admin accounts</CardTitle>
          {total > 0 ? (
            <>
              <search className="relative w-full sm:max-w-sm">
                <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
                <Input
                  type="search"
                  aria-label="Filter admins"
                  placeholder="E-mail, name or role"
                  value={term}
                  onChange={(event) => setTerm(event.target.value)}
                  className="pl-9"
                />
              </search>
              <p role="status" className="text-sm text-muted-foreground">
                {term.trim() === '' ? `${total.toLocaleString()} account${total === 1 ? '' : 's'}` : `${shown.length.toLocaleString()} of ${total.toLocaleString()} accounts match`}
              </p>
            </>
          ) : null}
        </CardHeader>
        <CardContent className="px-0 pb-2">
          {admins.isPending ? (
            <Loading>Loading admins...</Loading>
          ) : admins.isError ? (
            <div className="px-6">
              <LoadFailed title="Could not load the admins" error={admins.error} onRetry={() => void admins.refetch()} />
            </div>
          ) : total === 0 ? (
            <p className="px-6 py-8 text-center text-sm text-muted-foreground">No admins yet.</p>
          ) : shown.length === 0 ? (
            <p className="wrap-anywhere px-6 py-8 text-center text-sm text-muted-foreground">No admin account matches “{term.trim()}”.</p>
          ) : (
            <ul aria-label="Admin accounts" className="divide-y divide-border">
              {shown.map((admin) => (
                <AdminRow key={admin.id} admin={admin} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <InviteForm />
    </div>
  );
}
