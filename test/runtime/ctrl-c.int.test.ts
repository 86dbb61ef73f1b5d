// Issue 12, finding 9, as it happened: `npm start` in a terminal, then Ctrl-C, which the terminal
// sends to the whole foreground process group. Embedded Postgres (and the Hardhat node) used to be
// in that group, so Postgres began its own fast shutdown at once, cutting the connections the app's
// graceful shutdown still used ("terminating connection" FATALs, a 13-14 s stop). Here the composition
// root runs in a process group of its own, SIGINT goes to that whole group, and the stop must be
// clean: exit code 0, no FATAL and no "terminating connection" after the signal, "stopped" logged,
// and neither the Postgres server nor the chain node left running.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'tl-ctrl-c-'));
/** Kills what a failed run left behind. */
let stopLeftovers = () => undefined as void;
afterAll(() => {
  stopLeftovers();
  rmSync(dataDir, { recursive: true, force: true });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

interface LogLine {
  readonly msg?: string;
  readonly dataDir?: string;
  readonly pid?: number;
}

it('Ctrl-C (SIGINT to the whole process group) stops everything cleanly, Postgres last', async () => {
  // The built composition root, as `npm start` runs it (the global setup builds what is stale first).
  const child = spawn(process.execPath, ['scripts/embedded.mjs'], {
    cwd: root,
    // Its own group, as a terminal gives the foreground job; NODE_ENV and DEV flags as a newcomer has them.
    detached: true,
    env: { ...process.env, NODE_ENV: undefined, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'debug', DATABASE_URL: undefined, CHAIN_RPC_URL: undefined },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const lines: LogLine[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      for (const raw of text.split('\n')) {
        if (!raw.startsWith('{')) continue;
        const line = JSON.parse(raw) as LogLine;
        lines.push(line);
        if (line.msg === 'TitleLedger is ready') resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the app exited (${code}) before it was ready:\n${output.slice(-3000)}`)));
  });
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  stopLeftovers = () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
  };
  await ready;
  const pgDataDir = lines.find((line) => line.msg === 'starting embedded Postgres')!.dataDir!;
  const postgresPid = Number(readFileSync(path.join(pgDataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const chainPid = lines.find((line) => line.msg === 'embedded chain rebuilt from the event log')!.pid!;
  expect(isAlive(postgresPid)).toBe(true);
  expect(isAlive(chainPid)).toBe(true);

  const signalledAt = output.length;
  process.kill(-child.pid!, 'SIGINT');
  const [code, signal] = await exited;

  const afterSignal = output.slice(signalledAt);
  expect({ code, signal }).toEqual({ code: 0, signal: null });
  expect(afterSignal).not.toMatch(/FATAL/);
  expect(afterSignal).not.toMatch(/terminating connection/);
  expect(afterSignal).toContain('"msg":"signal received"');
  expect(afterSignal).toContain('"msg":"stopped"');
  expect(isAlive(postgresPid)).toBe(false);
  expect(isAlive(chainPid)).toBe(false);
});
