// One fast-check seed for every property test of a run, as the fuzz suite has (test/fuzz): the same
// cases in every `npm test`, so a property that fails fails every time, and the seed that found it is
// printed beside the failure. PROPERTY_SEED=<n> runs with another one (the printed one reproduces a
// failure); PROPERTY_SEED=random draws one for this run.
//
// A setup file of the unit project (vitest.config.ts), so run before every unit test file: fc.configureGlobal
// applies to the fc.assert calls after it, and the hook that prints the seed is registered for each file.
import { randomInt } from 'node:crypto';
import fc from 'fast-check';
import { beforeEach } from 'vitest';

const DEFAULT_SEED = 20_261_127;

function seedOf(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_SEED;
  if (value === 'random') return randomInt(2 ** 31);
  const seed = Number(value);
  if (!Number.isSafeInteger(seed)) throw new Error(`PROPERTY_SEED: an integer or "random", not ${JSON.stringify(value)}`);
  return seed;
}

const PROPERTY_SEED = seedOf(process.env.PROPERTY_SEED);
fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: PROPERTY_SEED });

beforeEach(({ onTestFailed }) => {
  onTestFailed(() => console.error(`property tests: seed ${PROPERTY_SEED} (PROPERTY_SEED=${PROPERTY_SEED} reproduces)`));
});
