// Server-side paging under a list: where we are ("21–40 of 1,234", or "of 1,000+" when the server
// stopped counting) and Previous / Next. At the first or last page the button is marked unavailable
// (aria-disabled) rather than disabled: disabled, it dropped the keyboard's focus to <body> as the
// last page came, and Tab started again from the top of the portal. Where we are is a status: a
// screen reader hears how many a search found, or which page came, without leaving the search box.
import { ChevronLeft, ChevronRight } from 'lucide-react';

import { Button } from '@/components/button';

interface PageInfo {
  /** 1-based. */
  readonly page: number;
  readonly pageSize: number;
  readonly total: number;
  readonly totalCapped: boolean;
  readonly hasMore: boolean;
}

export function Pager({ info, onPage, label }: { info: PageInfo; onPage: (page: number) => void; label: string }) {
  const { page, pageSize, total, totalCapped, hasMore } = info;
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = hasMore ? page * pageSize : Math.max(first, Math.min(total, page * pageSize));
  return (
    <nav aria-label={`${label} pages`} className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-4 py-3 sm:px-6">
      <p role="status" className="text-sm text-muted-foreground">
        {first.toLocaleString()}–{last.toLocaleString()} of {total.toLocaleString()}
        {totalCapped ? '+' : ''}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" onClick={() => page > 1 && onPage(page - 1)} aria-disabled={page <= 1 || undefined}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button variant="secondary" size="sm" onClick={() => hasMore && onPage(page + 1)} aria-disabled={!hasMore || undefined}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
