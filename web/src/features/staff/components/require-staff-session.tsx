// Shows its page only to a signed-in staff member whose role the page needs; anyone else goes to
// the page's sign-in. The server checks every call anyway: this only decides what to show.
import { staffMayAccess, type SignedInStaff, type StaffAccessLevel } from '@titleledger/api/schemas';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';

import { LoadFailed } from '@/components/query-states';
import { FullScreenSpinner } from '@/components/spinner';

import { useStaffSession } from '../api/get-staff-session';

export function RequireStaffSession({
  minimum,
  signIn,
  children,
}: {
  minimum: StaffAccessLevel;
  signIn: string;
  children: (staff: SignedInStaff) => ReactNode;
}) {
  const session = useStaffSession();
  if (session.isPending) return <FullScreenSpinner />;
  if (session.isError) {
    return (
      <main className="mx-auto max-w-md px-4 py-16">
        <LoadFailed title="Could not check your admin session" error={session.error} onRetry={() => void session.refetch()} />
      </main>
    );
  }
  if (!session.data || !staffMayAccess(session.data.role, minimum)) return <Navigate to={signIn} replace />;
  return <>{children(session.data)}</>;
}
