// `npm run audit` end to end: a running system (projections service + transparency log extender) on a
// real Postgres, then the CLI as a child process against the same database, as an auditor runs it.
// Tampering by hand with the events table or a read model makes it exit 1 naming the position, or the
// table and key.
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runApp, type RunningApp } from '@titleledger/api/runtime';
import { latestCheckpoint } from '@titleledger/api/transparency';
import { allProjections, createProjectionsService, readModelMigrations } from '@titleledger/projections';
import { createTestDatabase } from '../support/database.js';
import { newEvent } from '../eventstore/contract.js';
import { runScript, type CliResult } from '../ledger/cli.js';
import type { TestApp } from '../support/app.js';
import { signedInStaff } from '../support/staff.js';


describe('npm run audit', () => {
  let running: RunningApp;
  let env: Record<string, string>;
  const events = 300;

  function audit(...args: string[]): Promise<CliResult> {
    return runScript('scripts/audit.mjs', args, env);
  }

  /** Polls until the state holds (never a fixed sleep). */
  async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
      await new Promise((r) => setImmediate(r));
    }
  }

  /** The latest recorded run of a kind, as the audit page reads it. */
  async function lastRun(kind: string): Promise<Record<string, unknown> | undefined> {
    const { rows } = await running.pool.query('SELECT status, summary, first_bad_position, source FROM audit_runs WHERE kind = $1 ORDER BY id DESC LIMIT 1', [kind]);
    return rows[0];
  }

  // The app's data directory and the exports, removed when the file ends (they were left in /tmp).
  const tempDirs: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    tempDirs.push(dir);
    return dir;
  };

  beforeAll(async () => {
    const db = await createTestDatabase();
    await db.close();
    env = {
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      DATA_DIR: tempDir('audit-'),
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'https://titles.example',
      REGISTRY_SIGNING_KEY: generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    };
    running = await runApp({
      env: { ...env, PORT: '0', HOST: '127.0.0.1' },
      migrations: readModelMigrations,
      services: [createProjectionsService(allProjections)],
      handleSignals: false,
      logger: pino({ level: 'silent' }),
    });
    for (let i = 0; i < events; i += 30) {
      await running.store.append(`audited-${i % 4}`, Array.from({ length: 30 }, (_, j) => newEvent(j % 3 === 0 ? 'Checked' : 'Logged', { n: i + j })), 'any');
    }
    await until(async () => (await latestCheckpoint(running.pool))?.treeSize === events, 'a checkpoint of every event');
    await until(async () => {
      const { rows } = await running.pool.query<{ n: string }>('SELECT count(*) AS n FROM audit_log');
      return Number(rows[0]!.n) === events;
    }, 'the projections');
  }, 180_000);
  afterAll(async () => {
    await running?.stop();
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('verify-log passes, and checks an export directory as a mirror', async () => {
    const result = await audit('verify-log');
    expect(result.stdout).toMatch(/verify-log: OK — 300 events recomputed into the tree, \d+ checkpoints signed and consistent/);
    expect(result.stdout).toMatch(/verifier key: titles\.example\/api\/log\+[0-9a-f]{8}\+/);
    expect(result.code).toBe(0);
    expect(await lastRun('verify-log')).toMatchObject({ status: 'ok', first_bad_position: null, source: 'cli', summary: expect.stringMatching(/^verify-log: OK — 300 events/) });

    // An auditor's own copy of the key (GET /api/log/verifier-key), as docs/log-format.md gives the command.
    const key = /^verifier key: (\S+)$/m.exec(result.stdout)![1]!;
    const pinned = await audit('verify-log', '--vkey', key);
    expect(pinned.stdout + pinned.stderr).toContain(`verifier key: ${key}\nverify-log: OK — 300 events recomputed into the tree`);
    expect(pinned.code).toBe(0);
    const wrong = await audit('verify-log', '--vkey', key.replace(/\+[0-9a-f]{8}\+/, '+00000000+'));
    expect(wrong.stdout).toMatch(/^verify-log: FAILED — checkpoint of size \d+: /m);
    expect(wrong.stderr).not.toMatch(/\n\s+at /); // a verdict, not a stack trace
    expect(wrong.code).toBe(1);

    const dir = tempDir('audit-export-');
    const exported = await audit('export', dir);
    expect(exported.stdout).toMatch(/export: 300 entries, \d+ checkpoints, 3 tiles \(tree size 300\)/);
    expect(exported.code).toBe(0);
    expect(readFileSync(path.join(dir, 'entries.jsonl'), 'utf8').trim().split('\n')).toHaveLength(300);
    for (const file of ['checkpoint', 'verifier-key', 'checkpoints.jsonl', 'tile/0/000', 'tile/0/001.p/44', 'tile/1/000.p/1', 'tile/entries/000', 'tile/entries/001.p/44']) {
      expect(existsSync(path.join(dir, file)), file).toBe(true);
    }
    const fromDir = await audit('verify-log', '--from-mirror', dir);
    expect(fromDir.code, fromDir.stdout + fromDir.stderr).toBe(0);

    // Two events of one stream swapped in the copy: named as out of order, by position.
    const bundlePath = path.join(dir, 'tile/entries/000');
    const bundle = readFileSync(bundlePath);
    const entries: Buffer[] = [];
    for (let at = 0; at < bundle.length; at += 2 + bundle.readUInt16BE(at)) entries.push(bundle.subarray(at, at + 2 + bundle.readUInt16BE(at)));
    writeFileSync(bundlePath, Buffer.concat([entries[0]!, entries[2]!, entries[1]!, ...entries.slice(3)]));
    const swapped = await audit('verify-log', '--from-mirror', dir);
    expect(swapped.stdout).toMatch(/verify-log: FAILED — position 1: event \S+ is revision 2 of audited-0, but the log's next event of that stream should be revision 1 \(out of order, or one is missing\)/);
    expect(swapped.code).toBe(1);
  }, 300_000);

  it('verify-log exits 1 naming the position of an edited event', async () => {
    const [row] = (await running.pool.query(`SELECT event_id FROM es_events ORDER BY transaction_id, seq OFFSET 123 LIMIT 1`)).rows;
    await running.pool.query(`UPDATE es_events SET data = '{"n": -1}' WHERE event_id = $1`, [row.event_id]);
    try {
      const result = await audit('verify-log');
      expect(result.stdout).toContain(`verify-log: FAILED — position 123: event ${row.event_id} (Checked on audited-0) is not what was logged (its content was edited)`);
      expect(result.code).toBe(1);
      // Recorded for the audit page, with the position it names.
      expect(await lastRun('verify-log')).toMatchObject({ status: 'failed', first_bad_position: '123', source: 'cli', summary: expect.stringContaining('position 123') });
    } finally {
      await running.pool.query(`UPDATE es_events SET data = '{"n": 123}' WHERE event_id = $1`, [row.event_id]);
    }
  }, 180_000);

  it('replay passes, then exits 1 naming the table and key of a read-model row edited by hand', async () => {
    const clean = await audit('replay');
    expect(clean.stdout).toMatch(/replay: OK — 300 events replayed from position 0; every row matches/);
    expect(clean.stdout).toMatch(/audit_log: 300 rows/);
    expect(clean.code).toBe(0);
    expect(await lastRun('replay')).toMatchObject({ status: 'ok', summary: expect.stringMatching(/^replay: OK — 300 events replayed/) });

    const [row] = (await running.pool.query(`SELECT event_id FROM audit_log ORDER BY occurred_at LIMIT 1 OFFSET 17`)).rows;
    await running.pool.query(`UPDATE audit_log SET stream_id = 'edited-by-hand' WHERE event_id = $1`, [row.event_id]);
    const edited = await audit('replay');
    expect(edited.stdout).toContain(`replay: MISMATCH in table audit_log, key {"event_id":"${row.event_id}"}: the live row differs from the one the log produces (stream_id)`);
    expect(edited.code).toBe(1);

    await running.pool.query(`DELETE FROM event_type_counts WHERE event_type = 'Checked'`);
    await running.pool.query(`UPDATE audit_log SET stream_id = 'audited-0' WHERE event_id = $1`, [row.event_id]);
    const deleted = await audit('replay');
    expect(deleted.stdout).toMatch(/replay: MISMATCH in table (audit_log|event_type_counts), key/);
    expect(deleted.stdout).toContain(`table event_type_counts, key {"event_type":"Checked"}: a row the log produces is missing from the live table`);
    expect(deleted.code).toBe(1);
    expect(await lastRun('replay')).toMatchObject({ status: 'failed', summary: expect.stringContaining('replay: MISMATCH in table') });
  }, 300_000);

  // Last: signing staff in appends events of their own.
  it('checks our own /api/log as a mirror with an auditor\'s session, and says why without one', async () => {
    const url = `${running.url!}/api/log`;
    const refused = await audit('verify-log', '--from-mirror', url);
    expect(refused.stdout).toContain('verify-log: FAILED — position 0: the mirror does not serve tile/entries/000 (GET tile/entries/000: HTTP 401)');
    expect(refused.code).toBe(1);

    const auditor = await signedInStaff({ running } as TestApp, 'auditor');
    const mirrored = await runScript('scripts/audit.mjs', ['verify-log', '--from-mirror', url], { ...env, AUDIT_MIRROR_TOKEN: auditor.token });
    expect(mirrored.stdout).toMatch(/verify-log: OK — the mirror's \d+ entries give its signed root, every event once and each stream in order, and it is consistent with this log \(size \d+\)/);
    expect(mirrored.code).toBe(0);
  }, 180_000);
});
