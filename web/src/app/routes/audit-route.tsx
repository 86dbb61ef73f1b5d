// The audit tools (auditor and master admin), composed into the staff frame (features do not import
// each other). The route's own chunk; the dashboard (and its chart, Recharts) is a further chunk.
import { lazy, Suspense } from 'react';

import { Loading } from '@/components/query-states';
import { AuditorPage } from '@/features/staff/components/auditor-page';

const AuditDashboard = lazy(() => import('@/features/audit/components/audit-dashboard'));

export function AuditRoute() {
  return (
    <AuditorPage>
      <Suspense fallback={<Loading>Loading the audit tools...</Loading>}>
        <AuditDashboard />
      </Suspense>
    </AuditorPage>
  );
}
