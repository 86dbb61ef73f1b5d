// Admins: every staff account with its role and state; a non-master's role can be changed, the
// account deleted (after the seed's confirmation) and, once active, sent a password-reset link (after
// a confirmation too); master admins cannot be edited or deleted (theirs is reset from the server's
// command line). The invite form sits beside the list.
import { INVITABLE_ROLES, STAFF_MESSAGES, type InvitableRole, type StaffAccount } from '@titleledger/api/schemas';
import { KeyRound, Trash2 } from 'lucide-react';
import { useState } from 'react';

import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/card';
import { Dialog, DialogClose, DialogContent } from '@/components/dialog';
import { Label } from '@/components/label';
import { Loading, LoadFailed } from '@/components/query-states';
import { Select } from '@/components/select';
import { UserText } from '@/components/user-text';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-error';

import { useAdmins } from '../api/get-admins';
import { useChangeAdminRole, useDeleteAdmin, useSendPasswordReset } from '../api/manage-admins';
import { InviteForm } from './invite-form';

const roleOptions = INVITABLE_ROLES.map((role) => ({ value: role, label: role }));

/** "Send password reset" for an active, non-master account: e-mails a single-use 24-hour link after a confirmation. */
function SendPasswordReset({ admin, name }: { admin: StaffAccount; name: string }) {
  const send = useSendPasswordReset();
  const [confirming, setConfirming] = useState(false);
  const onSend = async () => {
    try {
      const reply = await send.mutateAsync(admin.id);
      setConfirming(false);
      toast({ title: 'Password Reset Sent', description: `${reply.message}. It works once, for 24 hours.`, variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, 'Failed to send password reset'), variant: 'destructive' });
    }
  };
  return (
    <Dialog open={confirming} onOpenChange={setConfirming}>
      <Button variant="secondary" onClick={() => setConfirming(true)} aria-label={`Send password reset to ${admin.email}`}>
        <KeyRound aria-hidden="true" />
        Send password reset
      </Button>
      <DialogContent
        title="Send password reset"
        description="E-mail this admin a link to set a new password?"
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button onClick={() => void onSend()} disabled={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send reset link'}
            </Button>
          </>
        }
      >
        <p className="wrap-anywhere text-sm">
          <UserText>{name}</UserText> (<span className="break-all">{admin.email}</span>) will get a link that works once, for 24 hours; a newer link replaces it. Their current password works until they
          use it; setting a new one signs them out everywhere. Two-factor sign-in stays as it is.
        </p>
      </DialogContent>
    </Dialog>
  );
}

function AdminRow({ admin }: { admin: StaffAccount }) {
  const changeRole = useChangeAdminRole();
  const remove = useDeleteAdmin();
  const [confirming, setConfirming] = useState(false);
  const name = `${admin.firstName} ${admin.lastName}`.trim();
  const isMaster = admin.role === 'master_admin';

  const onRole = async (role: InvitableRole) => {
    try {
      await changeRole.mutateAsync({ id: admin.id, role });
      toast({ title: 'Role Updated', description: `${admin.email} is now ${role}.`, variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, 'Failed to update role'), variant: 'destructive' });
    }
  };
  const onDelete = async () => {
    try {
      await remove.mutateAsync(admin.id);
      setConfirming(false);
      toast({ title: 'Admin Deleted', description: `${admin.email} can no longer sign in.`, variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, 'Failed to delete admin'), variant: 'destructive' });
    }
  };

  return (
    <li className="grid gap-3 px-4 py-4 sm:grid-cols-[1fr_auto] sm:items-center sm:px-6" aria-label={admin.email}>
      <div className="min-w-0 grid gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-foreground">
          <UserText className="min-w-0 wrap-anywhere">{name || admin.email}</UserText>
          <Badge variant={isMaster ? 'accent' : 'neutral'}>{admin.role}</Badge>
          {admin.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="warning">Invited</Badge>}
        </p>
        <p className="break-all text-sm text-muted-foreground">{admin.email}</p>
        <p className="text-xs text-muted-foreground">
          {admin.lastLogin ? `Last sign-in ${new Date(admin.lastLogin).toLocaleString()}` : 'Never signed in'}
        </p>
      </div>
      {isMaster ? (
        <p className="text-xs text-muted-foreground">Master admins cannot be edited or deleted.</p>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1">
            <Label htmlFor={`role-${admin.id}`} className="text-xs">
              Role
            </Label>
            <Select
              id={`role-${admin.id}`}
              className="w-32"
              options={roleOptions}
              value={admin.role}
              disabled={changeRole.isPending}
              onChange={(event) => void onRole(event.target.value as InvitableRole)}
            />
          </div>
          {admin.isActive ? <SendPasswordReset admin={admin} name={name || admin.email} /> : null}
          <Dialog open={confirming} onOpenChange={setConfirming}>
            <Button variant="secondary" onClick={() => setConfirming(true)} aria-label={`Delete ${admin.email}`}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
            <DialogContent
              title="Delete admin"
              description={STAFF_MESSAGES.deleteAdminConfirm}
              footer={
                <>
                  <DialogClose asChild>
                    <Button variant="secondary">Cancel</Button>
                  </DialogClose>
                  <Button variant="destructive" onClick={() => void onDelete()} disabled={remove.isPending}>
                    {remove.isPending ? 'Deleting...' : 'Delete admin'}
                  </Button>
                </>
              }
            >
              <p className="break-all text-sm">
                <UserText>{name}</UserText> ({admin.email}) will be signed out at once and can no longer sign in.
              </p>
            </DialogContent>
          </Dialog>
        </div>
      )}
    </li>
  );
}

export function AdminsTab() {
  const admins = useAdmins();
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
      <Card>
        <CardHeader>
          <CardTitle>Admin accounts</CardTitle>
        </CardHeader>
        <CardContent className="px-0 pb-2">
          {admins.isPending ? (
            <Loading>Loading admins...</Loading>
          ) : admins.isError ? (
            <div className="px-6">
              <LoadFailed title="Could not load the admins" error={admins.error} onRetry={() => void admins.refetch()} />
            </div>
          ) : admins.data.length === 0 ? (
            <p className="px-6 py-8 text-center text-sm text-muted-foreground">No admins yet.</p>
          ) : (
            <ul aria-label="Admin accounts" className="divide-y divide-border">
              {admins.data.map((admin) => (
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
