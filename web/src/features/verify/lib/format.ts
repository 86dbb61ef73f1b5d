// Dates and sizes as the verify page shows them. Chain times are shown in UTC so every verifier,
// wherever they are, reads the same moment as the block explorer.

/** A unix time in seconds (as the chain gives it) or an ISO string, as "2 Jan 2026, 03:04:05 UTC". */
export function formatUtc(value: string | number | bigint): string {
  const ms =
    typeof value === 'bigint'
      ? Number(value) * 1000
      : typeof value === 'number' || /^\d+$/.test(value)
        ? Number(value) * 1000
        : Date.parse(value);
  if (!Number.isFinite(ms)) return String(value);
  const text = new Date(ms).toLocaleString('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });
  return `${text} UTC`;
}

/** A registration date as a calendar date. */
export function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : date.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}
