// A Hardhat node started by a process that then dies with no chance to stop it (SIGKILL: no 'exit'
// handler runs) ends itself: it watches a pipe to that process (exit-with-parent.cjs). Orphaned nodes
// had been found after killed test runs, each holding its memory and a port.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// Built, as the app runs it: the tests' global setup brings dist/ up to date first.
const moduleUrl = new URL('../dist/hardhat-node.js', import.meta.url).href;
const contractsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Running, and not a zombie waiting for a parent to reap it. */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

it('ends when the process that started it is killed', async () => {
  const starter = spawn(
    process.execPath,
    ['--input-type=module', '-e', `const { startHardhatNode } = await import(${JSON.stringify(moduleUrl)}); const node = await startHardhatNode({}); console.log(node.pid); setInterval(() => {}, 1000);`],
    { cwd: contractsDir, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [line] = (await once(starter.stdout, 'data')) as [Buffer];
  const nodePid = Number(line.toString().trim());
  expect(running(nodePid)).toBe(true);
  starter.kill('SIGKILL');
  await once(starter, 'exit');
  await expect.poll(() => running(nodePid), { interval: 100 }).toBe(false);
});
