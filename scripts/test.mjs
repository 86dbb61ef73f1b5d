// `npm test`: install and build when needed, then every test (unit, integration, end-to-end) in one
// vitest run, with `npm run lint` (ESLint and knip) running beside it; the last line reads
// "N passed, N failed", lint counted as one of them. With arguments (`npm test -- some/file.test.ts`)
// only vitest runs.
//
// Lint runs beside the tests, not before them: it is ~2 CPU-minutes of type-aware ESLint (~105 s
// before the tests on 2 cores), and takes what the tests leave idle. It runs at a lower priority so
// that the tests, whose waits have bounds, keep the CPU they ask for. Its report is kept in a file and printed
// with the summary when it fails (test/support/summary-reporter.ts waits for its outcome).
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureInstalled, build, root } from './lib.mjs';

ensureInstalled();
await build();
// The tests' global setup builds what is stale when vitest runs alone; here it is built already.
process.env.TITLELEDGER_BUILT = '1';
const args = process.argv.slice(2);
const env = { ...process.env };
let lintEnded = Promise.resolve('skipped');
let lintDir = null;
if (args.length === 0) {
  lintDir = mkdtempSync(path.join(tmpdir(), 'titleledger-lint-'));
  const log = path.join(lintDir, 'lint.log');
  const status = path.join(lintDir, 'status');
  console.log('Linting (npm run lint: ESLint and knip) beside the tests; its outcome is counted in the last line…');
  const out = openSync(log, 'w');
  // A process that lowers its own priority first, so ESLint and knip inherit it from their start.
  const lowered = "require('node:os').setPriority(10); const r = require('node:child_process').spawnSync('npm', ['run', 'lint'], { stdio: 'inherit', shell: process.platform === 'win32' }); process.exit(r.status ?? 1);";
  const lint = spawn(process.execPath, ['-e', lowered], { cwd: root, stdio: ['ignore', out, out] });
  lintEnded = new Promise((resolve) =>
    lint.on('exit', (code) => {
      const outcome = code === 0 ? 'passed' : 'failed';
      writeFileSync(status, outcome);
      resolve(outcome);
    }),
  );
  env.TITLELEDGER_LINT_STATUS = status;
  env.TITLELEDGER_LINT_LOG = log;
}
const vitest = spawn(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...args], { cwd: root, stdio: 'inherit', env });
const code = await new Promise((resolve) => vitest.on('exit', (exitCode) => resolve(exitCode ?? 1)));
const lint = await lintEnded;
if (lintDir) rmSync(lintDir, { recursive: true, force: true });
process.exit(lint === 'failed' ? 1 : code);
