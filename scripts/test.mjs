// `npm test`: install and build when needed, then every test (unit, integration, end-to-end)
// in one vitest run; its last line reads "N passed, N failed".
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureInstalled, build, root } from './lib.mjs';

ensureInstalled();
build();
const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
