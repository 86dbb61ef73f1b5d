// /audit's frame for the auditor and the master admin: who is signed in, sign-out, the audit tools
// (from the audit feature, composed in by the app's router so the features stay apart), the access
// log (the auditor reads it too) and the member's own two-factor setting. The server checks every call.
import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';

import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { paths } from '@/lib/paths';

import { useStaffLogout } from '../api/staff-logout';
import { AccessLogsTab } from './access-logs-tab';
import { RequireStaffSession } from './require-staff-session';
import { StaffFrame } from './staff-frame';
import { StaffTwoFactorCard, StaffTwoFactorNotice } from './staff-two-factor-card';

export function AuditorPage({ children }: { children: ReactNode }) {
  useDocumentTitle('Audit');
  const logout = useStaffLogout(paths.adminLogin);
  return (
    <RequireStaffSession page="The Audit page" minimum="auditor" signIn={paths.adminLogin}>
      {(staff) => (
        <StaffFrame>
          <header className="flex flex-wrap items-start justify-between gap-4">
            <div className="grid gap-1">
              <h1 id="page-title" className="text-3xl font-semibold tracking-tight text-foreground">
                Audit
              </h1>
              <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                <span className="wrap-anywhere">Signed in as {staff.email}</span>
                <Badge variant="accent">{staff.role}</Badge>
              </p>
            </div>
            <Button variant="secondary" onClick={() => logout.mutate()} pending={logout.isPending}>
              <LogOut aria-hidden="true" />
              Sign out
            </Button>
          </header>
          <StaffTwoFactorNotice staff={staff} />
          <div className="mt-8">{children}</div>
          {/* The log is a card of its own: inside another, a phone left its entries some 290 px of 375. */}
          <section aria-labelledby="access-log-title" className="mt-6 grid gap-3">
            <h2 id="access-log-title" className="text-lg font-semibold tracking-tight">
              Access log
            </h2>
            <AccessLogsTab />
          </section>
          <div className="mt-10">
            <StaffTwoFactorCard staff={staff} />
          </div>
        </StaffFrame>
      )}
    </RequireStaffSession>
  );
}
