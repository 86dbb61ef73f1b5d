// The "Export data" file: built in the browser from the profile already on screen (no call), as
// JSON named with the local date, e.g. titleledger-data-2026-11-22.json.
function localDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function exportFileName(now: Date): string {
  return `titleledger-data-${localDate(now)}.json`;
}

export function buildExport<P extends object>(profile: P, now: Date): { exportDate: string; profile: P } {
  return { exportDate: now.toISOString(), profile };
}

export function exportJson<P extends object>(profile: P, now: Date): string {
  return `${JSON.stringify(buildExport(profile, now), null, 2)}\n`;
}
