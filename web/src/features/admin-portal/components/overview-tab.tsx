// Overview (seed 001 §2.8): total registrations, active, non-active (total − active: those in the
// Forever Database), total users and this month, all from the global-stats read model.
import { Archive, CalendarDays, FileCheck2, Files, Users } from 'lucide-react';

import { Loading, LoadFailed } from '@/components/query-states';

import { useGlobalStats } from '../api/get-global-stats';
import { StatCard } from './stat-card';

export function OverviewTab() {
  const stats = useGlobalStats();
  if (stats.isPending) return <Loading>Loading the overview...</Loading>;
  if (stats.isError) return <LoadFailed title="Could not load the overview" error={stats.error} onRetry={() => void stats.refetch()} />;
  const s = stats.data;
  return (
    <section aria-label="Overview" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      <StatCard label="Total Registrations" value={s.totalRegistrations} icon={Files} />
      <StatCard label="Active" value={s.activeRegistrations} icon={FileCheck2} hint="Not deleted" />
      <StatCard label="Non-active" value={s.totalRegistrations - s.activeRegistrations} icon={Archive} hint="Archived to the Forever Database" />
      <StatCard label="Total Users" value={s.totalUsers} icon={Users} />
      <StatCard label="This Month" value={s.thisMonthRegistrations} icon={CalendarDays} hint="Registered since the 1st (UTC)" />
    </section>
  );
}
