// The portal's charts on Recharts, drawn in the design system's colours (CSS variables, so the dark
// theme follows). Each chart is a figure named by its caption; the numbers it draws are also on the
// page as text (the cards and lists beside it), so nothing is only in the picture.
import type { ReactNode } from 'react';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const axis = { stroke: 'var(--muted-fg)', fontSize: 12, tickLine: false, axisLine: false } as const;
const tooltip = {
  contentStyle: { background: 'var(--surface)', border: '1px solid var(--border)', borderRadius: 8, color: 'var(--fg)', fontSize: 12 },
  labelStyle: { color: 'var(--fg)', fontWeight: 600 },
  cursor: { fill: 'var(--subtle)' },
} as const;

export function ChartFigure({ caption, summary, children, height = 260 }: { caption: string; summary: string; children: ReactNode; height?: number }) {
  return (
    <figure className="grid gap-3">
      <figcaption className="text-sm font-medium text-foreground">{caption}</figcaption>
      <div role="img" aria-label={`${caption}: ${summary}`} className="w-full min-w-0 overflow-hidden" style={{ height }}>
        {children}
      </div>
    </figure>
  );
}

export function PeriodChart({ points }: { points: readonly { label: string; count: number; active: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" {...axis} minTickGap={16} />
        <YAxis allowDecimals={false} {...axis} width={48} />
        <Tooltip {...tooltip} cursor={{ stroke: 'var(--border-strong)' }} />
        <Area type="linear" dataKey="count" name="Registered" stroke="var(--accent)" fill="var(--accent-soft)" strokeWidth={2} isAnimationActive={false} />
        <Area type="linear" dataKey="active" name="Still active" stroke="var(--success)" fill="transparent" strokeWidth={1.5} strokeDasharray="4 3" isAnimationActive={false} />
      </AreaChart>
    </ResponsiveContainer>
  );
}

/** Horizontal bars, most first: one per material type or country. */
export function RankingChart({ rows, name }: { rows: readonly { label: string; count: number }[]; name: string }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={rows} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} {...axis} />
        <YAxis type="category" dataKey="label" {...axis} width={110} interval={0} />
        <Tooltip {...tooltip} />
        <Bar dataKey="count" name={name} fill="var(--accent)" radius={[0, 4, 4, 0]} maxBarSize={22} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
