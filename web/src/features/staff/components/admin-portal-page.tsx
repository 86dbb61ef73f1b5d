// /admin: the admin portal's shell for a signed-in staff member (the portal's tabs come with the
// next issue). Admin Logout ends the session on the server.
import { LogOut } from 'lucide-react';

import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Card, CardContent } from '@/components/card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { paths } from '@/lib/paths';

import { useStaffLogout } from '../api/staff-logout';
import { RequireStaffSession } from './require-staff-session';
import { StaffFrame } from './staff-frame';
import { StaffTwoFactorCard } from './staff-two-factor-card';

export function AdminPortalPage() {
  useDocumentTitle('Admin Portal');
  const logout = useStaffLogout(paths.adminLogin);
  return (
    <RequireStaffSession minimum="admin1" signIn={paths.adminLogin}>
      {(staff) => (
        <StaffFrame>
          <header className="flex flex-wrap items-start justify-between gap-4">
            <div className="grid gap-1">
              <h1 id="page-title" className="text-3xl font-semibold tracking-tight text-foreground">
                Admin Portal
              </h1>
              <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                <span className="break-all">Signed in as {staff.email}</span>
                <Badge variant="accent">{staff.role}</Badge>
              </p>
            </div>
            <Button variant="secondary" onClick={() => logout.mutate()} disabled={logout.isPending}>
              <LogOut aria-hidden="true" />
              Admin Logout
            </Button>
          </header>
          <Card className="mt-8">
            <CardContent className="grid gap-2">
              <h2 className="text-lg font-semibold tracking-tight">Welcome, {staff.firstName}</h2>
              <p className="text-sm text-muted-foreground">
                The portal&apos;s Overview, Analytics, Users and Registrations tabs are on their way. What you may do there is
                decided by the server from your role.
              </p>
            </CardContent>
          </Card>
          <div className="mt-6">
            <StaffTwoFactorCard staff={staff} />
          </div>
        </StaffFrame>
      )}
    </RequireStaffSession>
  );
}
