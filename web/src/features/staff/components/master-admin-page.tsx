// /master-admin (seed 001 §2.9): tabs Admins, Access Logs and Role Info, with Admin Portal and
// Logout. Only a master admin's session shows it; anyone else goes to /master-admin/login.
import * as Tabs from '@radix-ui/react-tabs';
import { LayoutDashboard, LogOut, ScrollText } from 'lucide-react';
import { Link } from 'react-router-dom';

import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';

import { useStaffLogout } from '../api/staff-logout';
import { AccessLogsTab } from './access-logs-tab';
import { AdminsTab } from './admins-tab';
import { RequireStaffSession } from './require-staff-session';
import { RoleInfoTab } from './role-info-tab';
import { StaffFrame } from './staff-frame';

const tabs = [
  { value: 'admins', label: 'Admins' },
  { value: 'logs', label: 'Access Logs' },
  { value: 'roles', label: 'Role Info' },
] as const;

const triggerClass = cn(
  'inline-flex h-9 flex-1 items-center justify-center whitespace-nowrap rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors sm:flex-none',
  'hover:text-foreground data-[state=active]:bg-surface data-[state=active]:text-foreground data-[state=active]:shadow-sm',
);

export function MasterAdminPage() {
  useDocumentTitle('Master Admin Console');
  const logout = useStaffLogout(paths.masterAdminLogin);
  return (
    <RequireStaffSession page="The Master Admin Console" minimum="master_admin" signIn={paths.masterAdminLogin}>
      {(staff) => (
        <StaffFrame>
          <header className="flex flex-wrap items-start justify-between gap-4">
            <div className="grid gap-1">
              <h1 id="page-title" className="text-3xl font-semibold tracking-tight text-foreground">
                Master Admin Console
              </h1>
              <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                <span className="wrap-anywhere">Signed in as {staff.email}</span>
                <Badge variant="accent">{staff.role}</Badge>
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" asChild>
                <Link to={paths.admin}>
                  <LayoutDashboard aria-hidden="true" />
                  Admin Portal
                </Link>
              </Button>
              <Button variant="secondary" asChild>
                <Link to={paths.audit}>
                  <ScrollText aria-hidden="true" />
                  Audit
                </Link>
              </Button>
              <Button variant="secondary" onClick={() => logout.mutate()} pending={logout.isPending}>
                <LogOut aria-hidden="true" />
                Logout
              </Button>
            </div>
          </header>
          <Tabs.Root defaultValue="admins" className="mt-8">
            <Tabs.List aria-label="Console sections" className="flex w-full gap-1 rounded-lg bg-subtle p-1 sm:w-fit">
              {tabs.map((tab) => (
                <Tabs.Trigger key={tab.value} value={tab.value} className={triggerClass}>
                  {tab.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="admins" className="mt-6">
              <AdminsTab />
            </Tabs.Content>
            <Tabs.Content value="logs" className="mt-6">
              <AccessLogsTab />
            </Tabs.Content>
            <Tabs.Content value="roles" className="mt-6">
              <RoleInfoTab />
            </Tabs.Content>
          </Tabs.Root>
        </StaffFrame>
      )}
    </RequireStaffSession>
  );
}
