// The tree growing over time: one point per signed checkpoint (as the server thinned them), drawn with
// Recharts in the design system's colours. The figures are on the page as text too.
import type { AuditCheckpoint } from '@titleledger/api/schemas';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const axis = { stroke: 'var(--muted-fg)', fontSize: 12, tickLine: false, axisLine: false } as const;
const time = (iso: string) => new Date(iso).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

export function TreeGrowthChart({ checkpoints, total }: { checkpoints: readonly AuditCheckpoint[]; total: number }) {
  const points = checkpoints.map((c) => ({ label: time(c.signedAt), size: c.treeSize }));
  const first = checkpoints[0];
  const last = checkpoints.at(-1);
  const summary = first && last ? `from ${first.treeSize} leaves to ${last.treeSize} leaves over ${total} checkpoints` : 'no checkpoints yet';
  return (
    <figure className="grid gap-3">
      <figcaption className="text-sm text-muted-foreground">
        Tree size at each signed checkpoint: {summary}
        {total > checkpoints.length ? ` (${checkpoints.length} of them drawn, evenly spaced)` : ''}.
      </figcaption>
      <div role="img" aria-label={`The tree over time: ${summary}`} className="h-64 w-full min-w-0 overflow-hidden">
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" {...axis} minTickGap={24} />
            <YAxis allowDecimals={false} {...axis} width={64} />
            <Tooltip
              contentStyle={{ background: 'var(--surface)', border: '1px solid var(--border)', borderRadius: 8, color: 'var(--fg)', fontSize: 12 }}
              cursor={{ stroke: 'var(--border-strong)' }}
            />
            <Area type="stepAfter" dataKey="size" name="Tree size" stroke="var(--accent)" fill="var(--accent-soft)" strokeWidth={2} isAnimationActive={false} />
          </AreaChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
