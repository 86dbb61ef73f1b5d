// A count with a comma between each group of three digits (`12,345`), as `toLocaleString('en-US')`
// writes it. Written out because the first Intl number format a page makes loads the browser's
// locale data: on a phone, tens of milliseconds of main thread on the landing page's first answer.
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) return String(count);
  const digits = String(Math.abs(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return count < 0 ? `-${digits}` : digits;
}
