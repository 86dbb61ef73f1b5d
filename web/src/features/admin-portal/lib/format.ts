// Dates as the portal shows them: a day ("Mar 4, 2026"), a date and time, and a chart bucket's label.
import type { AdminPeriod } from '@titleledger/api/schemas';

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const dayTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const month = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

function parse(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A day, in UTC (registrations are dated by the server's UTC clock). */
export function formatDate(value: string): string {
  const date = parse(value);
  return date ? day.format(date) : value;
}

/** A moment, in the reader's own time zone. */
export function formatDateTime(value: string): string {
  const date = parse(value);
  return date ? dayTime.format(date) : value;
}

/** A chart bucket (its first day, YYYY-MM-DD): "Mar 4" for a day or week, "Mar 2026" for a month. */
export function formatPeriod(periodStart: string, period: AdminPeriod): string {
  const date = parse(`${periodStart.slice(0, 10)}T00:00:00Z`);
  if (!date) return periodStart;
  return period === 'month' ? month.format(date) : shortDay.format(date);
}
