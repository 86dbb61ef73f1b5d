// Prints the closing line CI reads, exactly "N passed, N failed", with the skipped tests (each with
// its reason) and their count above it. `npm test` runs `npm run lint` beside the tests; it counts as
// one test. Its outcome ("passed" or "failed") is in the file TITLELEDGER_LINT_STATUS, which `npm test`
// writes when lint ends (its report is in TITLELEDGER_LINT_LOG); without that variable (vitest alone,
// `npm test -- <files>`) lint did not run.
import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Reporter, TestModule } from 'vitest/node';

/** Lint's outcome, waiting for it to end when `npm test` runs it beside the tests; its report when it failed. */
async function lintOutcome(): Promise<{ outcome: string | undefined; report: string }> {
  const statusFile = process.env.TITLELEDGER_LINT_STATUS;
  if (!statusFile) return { outcome: undefined, report: '' };
  // Lint ends on its own (it has no waits); this waits for that state, however long it takes.
  while (!existsSync(statusFile)) await sleep(200);
  const outcome = readFileSync(statusFile, 'utf8').trim();
  const log = process.env.TITLELEDGER_LINT_LOG;
  return { outcome, report: outcome === 'failed' && log && existsSync(log) ? readFileSync(log, 'utf8') : '' };
}

export default class SummaryReporter implements Reporter {
  async onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const reasons: string[] = [];
    const failures: string[] = [];
    for (const module of testModules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') passed += 1;
        else if (result.state === 'failed') failedHere += 1;
        else if (result.state === 'skipped') {
          skipped += 1;
          const note = result.note ?? test.options.mode;
          reasons.push(`skipped: ${test.fullName} (${note})`);
        }
      }
      // A file that failed with no test failing (it did not load, or a beforeAll threw and its tests
      // were skipped) counts as one failure: CI had read "0 failed" off a run that failed.
      if (module.state() === 'failed' && failedHere === 0) {
        failedHere = 1;
        const error = [module, ...module.children.allSuites()].flatMap((suite) => suite.errors())[0];
        failures.push(`failed: ${module.relativeModuleId}${error ? ` (${error.message})` : ''}`);
      }
      failed += failedHere;
    }
    failed += unhandledErrors.length;
    const lint = await lintOutcome();
    if (lint.report) process.stdout.write(`\nnpm run lint:\n${lint.report}\n`);
    if (lint.outcome === 'passed') passed += 1;
    if (lint.outcome === 'failed') {
      failed += 1;
      process.stdout.write(`failed: npm run lint (ESLint or knip; its report is ${lint.report ? 'just above' : 'above the tests'})\n`);
    }
    for (const failure of failures) process.stdout.write(`${failure}\n`);
    for (const reason of reasons) process.stdout.write(`${reason}\n`);
    if (skipped) process.stdout.write(`${skipped} skipped\n`);
    process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  }
}
