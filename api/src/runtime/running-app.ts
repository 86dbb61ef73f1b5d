// Where a running app on the embedded Postgres can be reached, kept beside its data
// (DATA_DIR/running-app.json) while it serves: `npm run admin`, which joins that Postgres, tells the
// operator to sign in there rather than at an address built from its own PORT / PUBLIC_URL.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isAlive } from './embedded-postgres.js';

interface RunningAppRecord {
  readonly pid: number;
  readonly url: string;
}

const recordFile = (dataDir: string) => path.join(dataDir, 'running-app.json');

export function recordRunningApp(dataDir: string, url: string): void {
  const file = recordFile(dataDir);
  const aside = `${file}.${process.pid}`;
  writeFileSync(aside, `${JSON.stringify({ pid: process.pid, url } satisfies RunningAppRecord)}\n`);
  renameSync(aside, file);
}

/** Removes the record if it is this process's (a later start may have written its own). */
export function forgetRunningApp(dataDir: string): void {
  if (readRecord(dataDir)?.pid === process.pid) rmSync(recordFile(dataDir), { force: true });
}

/** The address of the app serving from `dataDir` now, or null (none recorded, or its process is gone). */
export function runningAppUrl(dataDir: string): string | null {
  const record = readRecord(dataDir);
  return record && isAlive(record.pid) ? record.url : null;
}

function readRecord(dataDir: string): RunningAppRecord | null {
  try {
    return existsSync(recordFile(dataDir)) ? (JSON.parse(readFileSync(recordFile(dataDir), 'utf8')) as RunningAppRecord) : null;
  } catch {
    return null;
  }
}
