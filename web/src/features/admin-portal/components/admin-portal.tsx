// The admin portal's tabs (seed 001 §2.8): Overview, Analytics, Users, Registrations, for admin3
// and the master admin the Forever Database, and Support (the support inbox, ours: the seed's support
// requests had nowhere to be read). The open tab and the material-type filter live in the
// address (?tab=registrations&type=Novel), so Analytics can send an admin to a filtered list and a
// reload keeps the place. Loaded lazily: its charts never weigh on the public pages. Choosing a type
// in Analytics takes focus to the Registrations filter's banner (the chosen button goes with its tab,
// and focus fell back to the page's heading, above the tabs).
import * as Tabs from '@radix-ui/react-tabs';
import type { SignedInStaff } from '@titleledger/api/schemas';
import { useSearchParams } from 'react-router-dom';

import { Badge } from '@/components/badge';
import { useFocusOnNextMount } from '@/hooks/use-focus-on-next-mount';
import { cn } from '@/lib/cn';

import { useOpenSupportCount } from '../api/get-support-requests';
import { portalRights } from '../lib/rights';
import { AnalyticsTab } from './analytics-tab';
import { ForeverDatabaseTab } from './forever-database-tab';
import { OverviewTab } from './overview-tab';
import { RegistrationsTab } from './registrations-tab';
import { SupportTab } from './support-tab';
import { UsersTab } from './users-tab';

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'analytics', label: 'Analytics' },
  { value: 'users', label: 'Users' },
  { value: 'registrations', label: 'Registrations' },
  { value: 'forever', label: 'Forever Database' },
  { value: 'support', label: 'Support' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

const triggerClass = cn(
  'inline-flex h-9 items-center justify-center whitespace-nowrap rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors',
  'hover:text-foreground data-[state=active]:bg-surface data-[state=active]:text-foreground data-[state=active]:shadow-sm',
);

export default function AdminPortal({ staff }: { staff: SignedInStaff }) {
  const rights = portalRights(staff.role);
  const [search, setSearch] = useSearchParams();
  const shown = TABS.filter((tab) => tab.value !== 'forever' || rights.foreverDatabase);
  const asked = search.get('tab');
  const tab: TabValue = shown.find((t) => t.value === asked)?.value ?? 'overview';
  const materialType = search.get('type') ?? '';
  // The Support tab says how many requests wait, so nobody has to open it to find out.
  const openSupport = useOpenSupportCount() ?? 0;
  const filterBanner = useFocusOnNextMount<HTMLDivElement>();

  const open = (next: TabValue, type?: string) => {
    const params = new URLSearchParams();
    if (next !== 'overview') params.set('tab', next);
    const keep = type ?? (next === 'registrations' ? materialType : '');
    if (keep) params.set('type', keep);
    setSearch(params);
  };

  return (
    <Tabs.Root value={tab} onValueChange={(value) => open(value as TabValue)}>
      {/* On a phone the tabs wrap onto a second line: every section stays in sight. */}
      <Tabs.List aria-label="Admin portal sections" className="flex w-full flex-wrap gap-1 rounded-lg bg-subtle p-1 sm:w-fit">
        {shown.map((t) => (
          <Tabs.Trigger key={t.value} value={t.value} className={triggerClass}>
            {t.label}
            {t.value === 'support' && openSupport > 0 ? (
              <>
                <Badge variant="accent" className="ml-1.5" aria-hidden="true">
                  {openSupport.toLocaleString()}
                </Badge>
                <span className="sr-only"> ({openSupport.toLocaleString()} open)</span>
              </>
            ) : null}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {/* Each panel is a tab stop (Radix): the keyboard lands on it after the tabs, with the focus ring. */}
      <Tabs.Content value="overview" className="mt-6">
        <OverviewTab />
      </Tabs.Content>
      <Tabs.Content value="analytics" className="mt-6">
        <AnalyticsTab
          onMaterialType={(type) => {
            filterBanner.arm();
            open('registrations', type);
          }}
        />
      </Tabs.Content>
      <Tabs.Content value="users" className="mt-6">
        <UsersTab rights={rights} />
      </Tabs.Content>
      <Tabs.Content value="registrations" className="mt-6">
        <RegistrationsTab
          rights={rights}
          materialType={materialType}
          filterRef={filterBanner.ref}
          onClearMaterialType={() => open('registrations', '')}
        />
      </Tabs.Content>
      {rights.foreverDatabase ? (
        <Tabs.Content value="forever" className="mt-6">
          <ForeverDatabaseTab rights={rights} />
        </Tabs.Content>
      ) : null}
      <Tabs.Content value="support" className="mt-6">
        <SupportTab rights={rights} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
