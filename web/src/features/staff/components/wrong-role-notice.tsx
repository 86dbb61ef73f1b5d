// What a signed-in staff member sees on a staff page their role does not reach (an admin at /audit,
// the auditor at /admin): who they are signed in as, who the page is for, the way to the page their
// role does reach, and sign-out to come back as someone else. Sending them to the page's sign-in
// instead showed an empty form with no reason, and signing in again led back to it.
import { ROLE_DESCRIPTIONS, type SignedInStaff, type StaffAccessLevel, type StaffRole } from '@titleledger/api/schemas';
import { LogOut, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router-dom';

import { Button } from '@/components/button';
import { Card, CardContent } from '@/components/card';
import { paths } from '@/lib/paths';

import { useStaffLogout } from '../api/staff-logout';
import { StaffFrame } from './staff-frame';

/** The staff page each role lands on, and its name. */
function homeOf(role: StaffRole): { to: string; name: string } {
  switch (role) {
    case 'auditor':
      return { to: paths.audit, name: 'Audit' };
    case 'master_admin':
      return { to: paths.masterAdmin, name: 'Master Admin Console' };
    case 'admin1':
    case 'admin2':
    case 'admin3':
      return { to: paths.admin, name: 'Admin Portal' };
    default: {
      const unhandled: never = role;
      return unhandled;
    }
  }
}

/** Who a page of this access level is for, in words. */
function audienceOf(minimum: StaffAccessLevel): string {
  switch (minimum) {
    case 'staff':
      return 'every staff member';
    case 'auditor':
      return 'the auditor and the master admin';
    case 'admin1':
      return 'admins (Admin 1, 2 and 3) and the master admin';
    case 'admin2':
      return 'Admin 2, Admin 3 and the master admin';
    case 'admin3':
      return 'Admin 3 and the master admin';
    case 'master_admin':
      return 'the master admin';
    default: {
      const unhandled: never = minimum;
      return unhandled;
    }
  }
}

export function WrongRoleNotice({
  staff,
  page,
  minimum,
  signIn,
}: {
  staff: SignedInStaff;
  /** The name of the page that was asked for. */
  page: string;
  minimum: StaffAccessLevel;
  /** Where sign-out leads: that page's sign-in, to come back with another account. */
  signIn: string;
}) {
  const logout = useStaffLogout(signIn);
  const home = homeOf(staff.role);
  return (
    <StaffFrame narrow labelledBy="wrong-role-title">
      <Card>
        <CardContent className="grid justify-items-center gap-4 text-center">
          <ShieldAlert aria-hidden="true" className="size-10 text-warning" />
          <h1 id="wrong-role-title" className="text-2xl font-semibold tracking-tight text-foreground">
            This page needs another role
          </h1>
          <p className="text-sm text-muted-foreground">
            You are signed in as <span className="wrap-anywhere font-medium text-foreground">{staff.email}</span> (
            {ROLE_DESCRIPTIONS[staff.role].title}).
          </p>
          <p className="text-sm text-muted-foreground">
            {page} is for {audienceOf(minimum)}.
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button asChild>
              <Link to={home.to}>Go to {home.name}</Link>
            </Button>
            <Button variant="secondary" onClick={() => logout.mutate()} pending={logout.isPending}>
              <LogOut aria-hidden="true" />
              Sign out
            </Button>
          </div>
        </CardContent>
      </Card>
    </StaffFrame>
  );
}
