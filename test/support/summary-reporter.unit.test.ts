// The closing line CI reads, from a real vitest run over two small files: a file whose beforeAll throws
// (its tests skipped, none failed) counts as a failure, named with its error. A run failed so, with
// "0 failed" on its last line.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
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
    env: { ...process.env, TITLELEDGER_LINT: '' },
  });
  const lines = run.stdout.trim().split('\n');
  expect(run.status, run.stderr).toBe(1);
  expect(lines.at(-1)).toBe('1 passed, 1 failed');
  expect(lines).toContain('failed: setup-fails.check.ts (listen EADDRINUSE)');
});
