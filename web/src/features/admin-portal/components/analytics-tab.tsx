// Analytics (seed 001 §2.8): total, active and the number of material types; the material types most
// first with their latest date (choosing one opens Registrations filtered by it); and the charts an
// admin looks at rather than reads: registrations per day, week or month, by material type and by
// the registrant's country. Every figure comes from a read model.
import { ADMIN_PERIODS, type AdminPeriod } from '@titleledger/api/schemas';
import { FileCheck2, Files, Shapes } from 'lucide-react';
import { useState } from 'react';

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/card';
import { Loading, LoadFailed } from '@/components/query-states';
import { cn } from '@/lib/cn';

import { useGlobalStats } from '../api/get-global-stats';
import { useMaterialTypeStats } from '../api/get-material-type-stats';
import { useRegistrationsByGeo } from '../api/get-registrations-by-geo';
import { useRegistrationsByPeriod } from '../api/get-registrations-by-period';
import { formatDate, formatPeriod } from '../lib/format';
import { ChartFigure, PeriodChart, RankingChart } from './charts';
import { StatCard } from './stat-card';

const PERIOD_LABELS: Record<AdminPeriod, string> = { day: 'Day', week: 'Week', month: 'Month' };

function Totals() {
  const stats = useGlobalStats();
  if (stats.isPending) return <Loading>Loading the totals...</Loading>;
  if (stats.isError) return <LoadFailed title="Could not load the totals" error={stats.error} onRetry={() => void stats.refetch()} />;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <StatCard label="Total Registrations" value={stats.data.totalRegistrations} icon={Files} />
      <StatCard label="Active Registrations" value={stats.data.activeRegistrations} icon={FileCheck2} />
      <StatCard label="Material Types" value={stats.data.materialTypeCount} icon={Shapes} />
    </div>
  );
}

function PeriodCard() {
  const [period, setPeriod] = useState<AdminPeriod>('day');
  const series = useRegistrationsByPeriod(period);
  const points = (series.data?.points ?? []).map((p) => ({ label: formatPeriod(p.periodStart, period), count: p.count, active: p.active }));
  const total = points.reduce((sum, p) => sum + p.count, 0);
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>Registrations over time</CardTitle>
          <CardDescription>Registered per {period}, and how many of those are still active.</CardDescription>
        </div>
        <div role="group" aria-label="Group by" className="flex gap-1 rounded-lg bg-subtle p-1">
          {ADMIN_PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={p === period}
              onClick={() => setPeriod(p)}
              className={cn(
                'h-8 rounded-md px-3 text-sm font-medium text-muted-foreground hover:text-foreground',
                p === period && 'bg-surface text-foreground shadow-sm',
              )}
            >
              {PERIOD_LABELS[p]}
            </button>
          ))}
        </div>
      </CardHeader>
      <CardContent>
        {series.isPending ? (
          <Loading>Loading the chart...</Loading>
        ) : series.isError ? (
          <LoadFailed title="Could not load registrations over time" error={series.error} onRetry={() => void series.refetch()} />
        ) : (
          <ChartFigure caption={`Registrations per ${period}`} summary={`${total.toLocaleString()} registered in the last ${points.length} ${period}s`}>
            <PeriodChart points={points} />
          </ChartFigure>
        )}
      </CardContent>
    </Card>
  );
}

function MaterialTypesCard({ onMaterialType }: { onMaterialType: (type: string) => void }) {
  const types = useMaterialTypeStats();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Material types</CardTitle>
        <CardDescription>Active registrations per type, most first. Choose a type to list its registrations.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {types.isPending ? (
          <Loading>Loading material types...</Loading>
        ) : types.isError ? (
          <LoadFailed title="Could not load material types" error={types.error} onRetry={() => void types.refetch()} />
        ) : types.data.types.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No registrations yet.</p>
        ) : (
          <>
            <ChartFigure
              caption="Registrations by material type"
              summary={types.data.types.map((t) => `${t.materialType} ${t.count}`).join(', ')}
              height={Math.max(120, Math.min(types.data.types.length, 10) * 34)}
            >
              <RankingChart rows={types.data.types.slice(0, 10).map((t) => ({ label: t.materialType, count: t.count }))} name="Registrations" />
            </ChartFigure>
            <ul aria-label="Material types" className="divide-y divide-border rounded-lg border border-border">
              {types.data.types.map((t) => (
                <li key={t.materialType}>
                  <button
                    type="button"
                    onClick={() => onMaterialType(t.materialType)}
                    className="flex w-full flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3 text-left hover:bg-subtle focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <span className="font-medium text-foreground">{t.materialType}</span>
                    <span className="text-sm text-muted-foreground">
                      <span className="tabular-nums font-medium text-foreground">{t.count.toLocaleString()}</span> · latest {formatDate(t.latestDate)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function CountriesCard() {
  const geo = useRegistrationsByGeo();
  if (geo.isPending || geo.isError || geo.data.countries.length === 0) return null;
  const rows = geo.data.countries.slice(0, 10).map((c) => ({ label: c.country || 'Unknown', count: c.count }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>By country</CardTitle>
        <CardDescription>Active registrations by the registrant&apos;s country (top 10).</CardDescription>
      </CardHeader>
      <CardContent>
        <ChartFigure caption="Registrations by country" summary={rows.map((r) => `${r.label} ${r.count}`).join(', ')} height={Math.max(120, rows.length * 34)}>
          <RankingChart rows={rows} name="Registrations" />
        </ChartFigure>
      </CardContent>
    </Card>
  );
}

export function AnalyticsTab({ onMaterialType }: { onMaterialType: (type: string) => void }) {
  return (
    <section aria-label="Analytics" className="grid gap-6">
      <Totals />
      <PeriodCard />
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <MaterialTypesCard onMaterialType={onMaterialType} />
        <CountriesCard />
      </div>
    </section>
  );
}
