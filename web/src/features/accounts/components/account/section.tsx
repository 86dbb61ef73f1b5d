// One titled card on the Account Settings page.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/card';
import { UserText } from '@/components/user-text';

export function Section({
  id,
  title,
  description,
  Icon,
  action,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  Icon: LucideIcon;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={`${id}-title`} role="region">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-accent-soft">
            <Icon aria-hidden="true" className="size-4 text-accent-text" />
          </span>
          <div className="grid gap-1">
            <CardTitle id={`${id}-title`}>{title}</CardTitle>
            {description ? <CardDescription>{description}</CardDescription> : null}
          </div>
        </div>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** A read-only label/value list. */
export function Details({ items }: { items: ReadonlyArray<{ label: string; value: ReactNode }> }) {
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      {items.map(({ label, value }) => (
        <div key={label} className="grid min-w-0 gap-1">
          <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
          <UserText as="dd" className="wrap-anywhere text-sm text-foreground">{value === '' || value == null ? '—' : value}</UserText>
        </div>
      ))}
    </dl>
  );
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? '—'
    : date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
