// Prints the closing line CI reads, exactly "N passed, N failed", with the skipped tests (each with
// its reason) and their count above it. `npm test` runs `npm run lint` first and passes its outcome
// in TITLELEDGER_LINT; it counts as one test.
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
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
    const lint = process.env.TITLELEDGER_LINT;
    if (lint === 'passed') passed += 1;
    if (lint === 'failed') {
      failed += 1;
      process.stdout.write('failed: npm run lint (ESLint or knip; its report is above the tests)\n');
    }
    for (const failure of failures) process.stdout.write(`${failure}\n`);
    for (const reason of reasons) process.stdout.write(`${reason}\n`);
    if (skipped) process.stdout.write(`${skipped} skipped\n`);
    process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  }
}
