// `npm run audit -- replay | verify-log [--from-mirror URL] [--vkey KEY]… | verify-anchors [--grace-minutes N] | export DIR`:
// the auditor's tools, run
// against the same data as `npm start` (DATA_DIR, or DATABASE_URL; beside a running embedded `npm start`,
// they use its Postgres). Each prints a summary and
// exits 1 naming the first position, table and key, or batch and TR number that disagrees; replay,
// verify-log and verify-anchors also record their verdict in audit_runs, where the /audit page shows the
// last results. Plain JS wiring of compiled packages (as compose.mjs): replay needs the projections, the
// log checks only the API's transparency code, verify-anchors the ledger's tree and chain code.
import { ConfigError, runApp } from '@titleledger/api/runtime';
import { exportLog, registryVerifierKeys, recordAuditRun, verifyLog, verifyLogSummary, verifyMirror } from '@titleledger/api/transparency';
import { DEFAULT_ANCHOR_GRACE_MS, openAuditChain, openCheckpointReader, proofsMigrations, proofsReadModel, verifyAnchors, verifyAnchorsSummary } from '@titleledger/ledger';
import { allProjections, readModelMigrations, replayAndDiff } from '@titleledger/projections';

const USAGE = 'Usage: npm run audit -- replay | verify-log [--from-mirror URL] [--vkey KEY]… | verify-anchors [--grace-minutes N] | export DIR';
const [command, ...args] = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
/** Every value of an option given more than once, in order. */
const options = (name) => args.flatMap((arg, at) => (arg === name && at + 1 < args.length ? [args[at + 1]] : []));

const graceMinutes = option('--grace-minutes');
if (
  !['replay', 'verify-log', 'verify-anchors', 'export'].includes(command ?? '') ||
  (command === 'export' && !args[0]) ||
  (graceMinutes !== undefined && !/^\d+(\.\d+)?$/.test(graceMinutes)) ||
  args.includes('--help')
) {
  console.error(graceMinutes !== undefined && !/^\d+(\.\d+)?$/.test(graceMinutes) ? `--grace-minutes takes a number of minutes, not "${graceMinutes}".\n${USAGE}` : USAGE);
  process.exit(2);
}
/** At most this many problems are printed one per line (the count says how many there are). */
const MAX_LISTED = 50;

/** The staff token for a mirror at our own origin or on this machine; undefined (with a warning) for anyone else's. */
function mirrorToken(mirror, publicUrl, token) {
  if (!/^https?:\/\//.test(mirror)) return undefined;
  const { origin, hostname } = new URL(mirror);
  if (origin === new URL(publicUrl).origin || ['localhost', '127.0.0.1', '[::1]'].includes(hostname)) return token;
  console.error(`AUDIT_MIRROR_TOKEN not sent to ${origin}: it goes to PUBLIC_URL's origin (${new URL(publicUrl).origin}) or this machine only.`);
  return undefined;
}

let running;
let failed = false;
try {
  running = await runApp({ http: false, migrations: readModelMigrations, handleSignals: false, joinRunningApp: true });
  const { pool, store, config } = running;

  /**
   * The verifier keys checkpoints must verify with, oldest first, each within its validity: the `--vkey`
   * options (an auditor's own copy: GET /api/log/verifier-key, or one per key of GET /api/registry/keys),
   * else every registry key this database records (rotations add one) under the log's origin.
   */
  const vkey = async () => {
    const given = options('--vkey');
    return given.length > 0 ? given : await registryVerifierKeys(pool, config);
  };

  const startedAt = new Date();
  /** Keeps the verdict for the audit page (a failure to record it fails the run: the page would lie). */
  const record = (kind, ok, summary, firstBadPosition = null) =>
    recordAuditRun(pool, { kind, ok, summary, firstBadPosition, source: 'cli', startedAt, completedAt: new Date() });

  if (command === 'replay') {
    // The ledger's read model last: it marks the registrations of an anchored batch registered, so
    // `registrations.status` is compared too, and every registration's proof (root, path, anchor).
    // A database no ledger has run on has neither its tables nor a status other than pending to check.
    const { rows: [ledger] } = await pool.query(`SELECT to_regclass('registration_proofs') IS NOT NULL AND to_regclass('ledger_checkpoints') IS NOT NULL AS present`);
    const verdict = await replayAndDiff({
      pool,
      store,
      projections: ledger.present ? [...allProjections, proofsReadModel] : allProjections,
      migrations: ledger.present ? [...readModelMigrations, ...proofsMigrations] : readModelMigrations,
    });
    if (verdict.ok) {
      console.log(`replay: OK — ${verdict.events} events replayed from position 0; every row matches`);
      for (const t of verdict.tables) console.log(`  ${t.table}: ${t.rows} rows`);
      if (!ledger.present) console.log('  not compared: registration_proofs (no ledger has run on this database)');
      for (const line of verdict.parked) console.log(`  skipped, as the runner parks it: ${line}`);
      await record('replay', true, `replay: OK — ${verdict.events} events replayed from position 0; every row of ${verdict.tables.length} tables matches`);
    } else {
      failed = true;
      console.log(`replay: MISMATCH in table ${verdict.table}, key ${JSON.stringify(verdict.key)}: ${verdict.reason}`);
      console.log(`  live:     ${JSON.stringify(verdict.live)}`);
      console.log(`  replayed: ${JSON.stringify(verdict.replayed)}`);
      await record('replay', false, `replay: MISMATCH in table ${verdict.table}, key ${JSON.stringify(verdict.key)}: ${verdict.reason}`);
    }
  } else if (command === 'verify-log') {
    const key = await vkey();
    const mirror = option('--from-mirror');
    // Anchored checkpoints are checked against the registry (CHAIN_RPC_URL, or the embedded chain rebuilt from the log).
    const chain = mirror ? null : await openCheckpointReader(config, store, pool);
    let verdict;
    try {
      // Our own /api/log serves entry bundles to an auditor or the master admin only: AUDIT_MIRROR_TOKEN
      // carries that session's token (the `token` of POST /api/admin/login). It goes to our own
      // address only (PUBLIC_URL's origin, or this machine), never to a third party's mirror.
      const token = process.env.AUDIT_MIRROR_TOKEN && mirror ? mirrorToken(mirror, config.publicUrl, process.env.AUDIT_MIRROR_TOKEN) : undefined;
      verdict = mirror ? await verifyMirror(mirror, { vkey: key, pool, token }) : await verifyLog(pool, store, { vkey: key, chain: chain.reader });
    } finally {
      await chain?.close();
    }
    console.log(key.length === 1 ? `verifier key: ${key[0]}` : `verifier keys (oldest first): ${key.join(', ')}`);
    const summary = verdict.ok && mirror
      ? `verify-log: OK — the mirror's ${verdict.treeSize} entries give its signed root, every event once and each stream in order, ${
          verdict.localTreeSize === null ? 'with no local log to compare it with (this DATA_DIR or DATABASE_URL holds none)' : `and it is consistent with this log (size ${verdict.localTreeSize})`
        }`
      : verifyLogSummary(verdict);
    console.log(summary);
    // One key given where the registry rotated its key: the checkpoints signed by the other fail as unsigned.
    if (!verdict.ok && options('--vkey').length === 1 && /no signature by /.test(verdict.reason ?? '')) {
      console.log('  after a rotation of the registry key, give every key GET /api/registry/keys lists, oldest first: --vkey KEY1 --vkey KEY2 …');
    }
    if (!verdict.ok) failed = true;
    await record('verify-log', verdict.ok, mirror ? `${summary} (mirror ${mirror})` : summary, verdict.ok ? null : (verdict.position ?? null));
    if (verdict.ok && !mirror) {
      console.log(`  on-chain anchors: ${verdict.anchors?.checked ?? 0} checkpoint root(s) match ${chain.chain}`);
      for (const line of verdict.anchors?.skipped ?? []) console.log(`  not checked: ${line}`);
    }
  } else if (command === 'verify-anchors') {
    // Anchors are checked on the chain the ledger anchors on (CHAIN_RPC_URL), or the embedded chain rebuilt from the log.
    const opened = await openAuditChain(config, store, pool);
    let audit;
    try {
      audit = await verifyAnchors(pool, store, { chain: opened, graceMs: graceMinutes === undefined ? DEFAULT_ANCHOR_GRACE_MS : Number(graceMinutes) * 60_000 });
    } finally {
      await opened.close();
    }
    const summary = verifyAnchorsSummary(audit, opened.description);
    console.log(summary);
    for (const problem of audit.problems.slice(0, MAX_LISTED)) console.log(`  ${problem.message}`);
    if (audit.problems.length > MAX_LISTED) console.log(`  … and ${audit.problems.length - MAX_LISTED} more`);
    for (const line of audit.pending) console.log(`  pending: ${line}`);
    for (const line of audit.notChecked) console.log(`  not checked: ${line}`);
    if (!audit.ok) failed = true;
    await record('verify-anchors', audit.ok, summary);
  } else {
    const summary = await exportLog(pool, store, args[0], { vkey: await vkey() });
    console.log(`export: ${summary.entries} entries, ${summary.checkpoints} checkpoints, ${summary.tiles} tiles (tree size ${summary.treeSize}) written to ${args[0]}`);
  }
} catch (error) {
  failed = true;
  // What stopped the command, in a sentence (the stack with AUDIT_DEBUG=1): never a verdict.
  console.error(error instanceof ConfigError ? error.message : `${command}: could not complete: ${error instanceof Error ? error.message : String(error)}`);
  if (process.env.AUDIT_DEBUG && !(error instanceof ConfigError)) console.error(error);
} finally {
  await running?.stop();
}
process.exit(failed ? 1 : 0);
