// /admin: the admin portal's frame for a signed-in staff member: who is signed in, Admin Logout, the
// portal itself (its tabs come from the admin-portal feature, composed in by the app's router so the
// two features stay apart) and the member's own two-factor setting. What they may do there is
// decided by the server from their role.
import type { SignedInStaff } from '@titleledger/api/schemas';
import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';

import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { paths } from '@/lib/paths';

import { useStaffLogout } from '../api/staff-logout';
import { RequireStaffSession } from './require-staff-session';
import { StaffFrame } from './staff-frame';
import { StaffTwoFactorCard, StaffTwoFactorNotice } from './staff-two-factor-card';

export function AdminPortalPage({ children }: { children: (staff: SignedInStaff) => ReactNode }) {
  useDocumentTitle('Admin Portal');
  const logout = useStaffLogout(paths.adminLogin);
  return (
    <RequireStaffSession page="The Admin Portal" minimum="admin1" signIn={paths.adminLogin}>
      {(staff) => (
        <StaffFrame>
          <header className="flex flex-wrap items-start justify-between gap-4">
            <div className="grid gap-1">
              <h1 id="page-title" className="text-3xl font-semibold tracking-tight text-foreground">
                Admin Portal
              </h1>
              <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                <span className="wrap-anywhere">Signed in as {staff.email}</span>
                <Badge variant="accent">{staff.role}</Badge>
              </p>
            </div>
            <Button variant="secondary" onClick={() => logout.mutate()} pending={logout.isPending}>
              <LogOut aria-hidden="true" />
              Admin Logout
            </Button>
          </header>
          <StaffTwoFactorNotice staff={staff} />
          <div className="mt-8">{children(staff)}</div>
          <div className="mt-10">
            <StaffTwoFactorCard staff={staff} />
          </div>
        </StaffFrame>
      )}
    </RequireStaffSession>
  );
}
