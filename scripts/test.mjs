// `npm test`: install and build when needed, `npm run lint` (ESLint and knip), then every test (unit,
// integration, end-to-end) in one vitest run; its last line reads "N passed, N failed", lint counted
// as one of them. With arguments (`npm test -- some/file.test.ts`) only vitest runs.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureInstalled, build, root } from './lib.mjs';

ensureInstalled();
build();
const args = process.argv.slice(2);
let lint = 'skipped';
if (args.length === 0) {
  console.log('Linting (npm run lint: ESLint and knip)…');
  lint = spawnSync('npm', ['run', 'lint'], { cwd: root, stdio: 'inherit' }).status === 0 ? 'passed' : 'failed';
}
const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...args], {
  cwd: root,
  stdio: 'inherit',
  // The summary reporter counts lint as one test, so a lint failure shows in "N passed, N failed".
  env: { ...process.env, TITLELEDGER_LINT: lint },
});
process.exit(lint === 'failed' ? 1 : (result.status ?? 1));
