// Shows its page only to a signed-in staff member whose role the page needs. Without a staff session
// the visitor goes to the page's sign-in, with `reason=session-ended` when the session ended while the
// page was open (signed out in another tab, a role change or deletion by the master admin, a day
// idle: any 401 makes the app ask GET /api/admin/me again), so the sign-in page says why instead of
// the page failing call after call; a staff member of another role is told who they are signed in
// as and where their role goes. The sign-in page carries the page's address (`?next=`), so signing in
// again returns to the same tab and filters. The server checks every call anyway: this only decides
// what to show.
import { staffMayAccess, type SignedInStaff, type StaffAccessLevel } from '@titleledger/api/schemas';
import { useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';

import { LoadFailed } from '@/components/query-states';
import { FullScreenSpinner } from '@/components/spinner';
import { withReturnPath } from '@/lib/return-path';
import { withSessionEnded } from '@/lib/sign-in-reason';

import { useStaffSession } from '../api/get-staff-session';
import { WrongRoleNotice } from './wrong-role-notice';

export function RequireStaffSession({
  page,
  minimum,
  signIn,
  children,
}: {
  /** The page's name in a sentence ("The Audit page"), for a staff member of another role. */
  page: string;
  minimum: StaffAccessLevel;
  signIn: string;
  children: (staff: SignedInStaff) => ReactNode;
}) {
  const session = useStaffSession();
  const location = useLocation();
  // Signed in while this page was up: no session now is one that ended under the person (this tab's
  // own Admin Logout leaves the page first).
  const wasSignedIn = useRef(false);
  if (session.isPending) return <FullScreenSpinner />;
  if (session.isError) {
    return (
      <main className="mx-auto max-w-md px-4 py-16">
        <LoadFailed title="Could not check your admin session" error={session.error} onRetry={() => void session.refetch()} />
      </main>
    );
  }
  if (!session.data) {
    const back = withReturnPath(signIn, `${location.pathname}${location.search}${location.hash}`);
    return <Navigate to={wasSignedIn.current ? withSessionEnded(back) : back} replace />;
  }
  wasSignedIn.current = true;
  if (!staffMayAccess(session.data.role, minimum)) return <WrongRoleNotice staff={session.data} page={page} minimum={minimum} signIn={signIn} />;
  return <>{children(session.data)}</>;
}
