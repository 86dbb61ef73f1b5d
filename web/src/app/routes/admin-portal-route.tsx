// The admin portal's tabs, composed into the staff frame (features do not import each other). The
// route's own chunk; the tabs (and their charts, Recharts) are a further chunk loaded once a staff
// session is confirmed.
import { lazy, Suspense } from 'react';

import { Loading } from '@/components/query-states';
import { AdminPortalPage } from '@/features/staff/components/admin-portal-page';

const AdminPortal = lazy(() => import('@/features/admin-portal/components/admin-portal'));

export function AdminPortalRoute() {
  return (
    <AdminPortalPage>
      {(staff) => (
        <Suspense fallback={<Loading>Loading the admin portal...</Loading>}>
          <AdminPortal staff={staff} />
        </Suspense>
      )}
    </AdminPortalPage>
  );
}
