// One number on a card: what it counts, the figure, and optionally how it was reached.
import type { LucideIcon } from 'lucide-react';

import { Card, CardContent } from '@/components/card';

export function StatCard({ label, value, hint, icon: Icon }: { label: string; value: number; hint?: string; icon: LucideIcon }) {
  const id = `stat-${label.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-')}`;
  return (
    <Card role="group" aria-labelledby={id}>
      <CardContent className="grid gap-2 p-5">
        <div className="flex items-center justify-between gap-2">
          <p id={id} className="text-sm font-medium text-muted-foreground">
            {label}
          </p>
          <Icon aria-hidden="true" className="size-4 text-accent-text" />
        </div>
        <p className="text-3xl font-semibold tabular-nums tracking-tight text-foreground">{value.toLocaleString()}</p>
        {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      </CardContent>
    </Card>
  );
}
