// The closing line CI reads, from a real vitest run over two small files: a file whose beforeAll throws
// (its tests skipped, none failed) counts as a failure, named with its error. A run failed so, with
// "0 failed" on its last line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** This process's environment without the lint outcome `npm test` hands its own run (scripts/test.mjs). */
const { TITLELEDGER_LINT_STATUS: _status, TITLELEDGER_LINT_LOG: _log, ...ownEnv } = process.env;
const dir = mkdtempSync(path.join(tmpdir(), 'tl-reporter-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('counts a file whose beforeAll threw as one failure, and names it', () => {
  const reporter = path.join(root, 'test/support/summary-reporter.ts');
  writeFileSync(path.join(dir, 'vitest.config.mjs'), `export default { test: { globals: true, include: ['*.check.ts'], reporters: [${JSON.stringify(reporter)}] } };\n`);
  writeFileSync(path.join(dir, 'setup-fails.check.ts'), `beforeAll(() => { throw new Error('listen EADDRINUSE'); });\ntest('never runs', () => {});\n`);
  writeFileSync(path.join(dir, 'passes.check.ts'), `test('passes', () => {});\n`);
  const run = spawnSync(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--root', dir, '--config', path.join(dir, 'vitest.config.mjs')], {
    cwd: dir,
    encoding: 'utf8',
    env: ownEnv,
  });
  const lines = run.stdout.trim().split('\n');
  expect(run.status, run.stderr).toBe(1);
  expect(lines.at(-1)).toBe('1 passed, 1 failed');
  expect(lines).toContain('failed: setup-fails.check.ts (listen EADDRINUSE)');
});

it('waits for lint running beside the tests, counts it, and prints its report when it failed', async () => {
  const reporter = path.join(root, 'test/support/summary-reporter.ts');
  const here = mkdtempSync(path.join(dir, 'lint-'));
  const marker = path.join(here, 'tests-ran');
  writeFileSync(path.join(here, 'vitest.config.mjs'), `export default { test: { globals: true, include: ['*.check.ts'], reporters: [${JSON.stringify(reporter)}] } };\n`);
  writeFileSync(path.join(here, 'passes.check.ts'), `import { writeFileSync } from 'node:fs';\ntest('passes', () => writeFileSync(${JSON.stringify(marker)}, ''));\n`);
  const run = async (outcome: 'passed' | 'failed') => {
    const status = path.join(here, `status-${outcome}`);
    const log = path.join(here, `lint-${outcome}.log`);
    writeFileSync(log, 'web/src/x.ts: a web feature never imports another feature\n');
    rmSync(marker, { force: true });
    const child = spawn(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--root', here, '--config', path.join(here, 'vitest.config.mjs')], {
      cwd: here,
      env: { ...ownEnv, TITLELEDGER_LINT_STATUS: status, TITLELEDGER_LINT_LOG: log },
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    // Lint ends after the tests have run: its outcome is written only then.
    await expect.poll(() => existsSync(marker), { timeout: 60_000 }).toBe(true);
    writeFileSync(status, outcome);
    await exited;
    return stdout.trim().split('\n');
  };
  const passed = await run('passed');
  expect(passed.at(-1)).toBe('2 passed, 0 failed');
  expect(passed.join('\n')).not.toContain('a web feature never imports');
  const failed = await run('failed');
  expect(failed.at(-1)).toBe('1 passed, 1 failed');
  expect(failed).toContain('web/src/x.ts: a web feature never imports another feature');
  expect(failed).toContain('failed: npm run lint (ESLint or knip; its report is just above)');
});
