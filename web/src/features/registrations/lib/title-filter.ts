// The dashboard list's client-side search (title or TR number) and status filter, and the
// documents screen's newest-first order.
import type { UserTitle } from '@titleledger/api/schemas';

export const STATUS_FILTERS = ['all', 'pending', 'registered'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export function filterTitles(titles: readonly UserTitle[], search: string, status: StatusFilter): UserTitle[] {
  const term = search.trim().toLowerCase();
  return titles.filter(
    (row) =>
      (status === 'all' || row.status.toLowerCase() === status) &&
      (term === '' || row.title.toLowerCase().includes(term) || row.tr_number.toLowerCase().includes(term)),
  );
}

export function newestFirst(titles: readonly UserTitle[]): UserTitle[] {
  const time = (row: UserTitle) => {
    const t = Date.parse(row.registration_date);
    return Number.isNaN(t) ? 0 : t;
  };
  return [...titles].sort((a, b) => time(b) - time(a));
}

/** Seed 000 §9: a hash is shown as its first 16 characters. */
export function hashPrefix(hash: string): string {
  return hash.length > 16 ? `${hash.slice(0, 16)}…` : hash;
}
