// `npm run fuzz`: the fuzz suite (test/fuzz) for longer than `npm test` runs it, with a random seed,
// printed first so a failure can be replayed: FUZZ_SEED=<seed> npm run fuzz. FUZZ_RUNS sets the runs
// per route (default 400); FUZZ_SHRINK=1 shrinks a failing case to its smallest form.
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { ensureInstalled, root } from './lib.mjs';

ensureInstalled();
const seed = process.env.FUZZ_SEED ?? String(randomInt(2 ** 31 - 1));
const runs = process.env.FUZZ_RUNS ?? '400';
console.log(`fuzz: seed ${seed}, ${runs} runs per route (replay: FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npm run fuzz)`);
const result = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', 'test/fuzz/fuzz.int.test.ts', '--testTimeout', '3600000'],
  { cwd: root, stdio: 'inherit', env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs } },
);
console.log(`fuzz: seed ${seed}`);
process.exit(result.status ?? 1);
