// One runner for every kind of test. Projects split them by file name:
// *.unit.test.ts (pure code), *.int.test.ts (real Postgres, real chain), *.e2e.test.ts (Chromium).
//
// Workspace packages run from their TypeScript source through the "source" export condition.
// Vitest resolves test imports through Vite's SSR pipeline and inline projects do not inherit
// the root `ssr` options, so every project repeats them.
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const conditions = ['source', 'node'];
// The web app's own imports (`@/lib/...`, as in web/vite.config.ts), for unit tests of its modules.
const alias = { '@': fileURLToPath(new URL('./web/src', import.meta.url)) };
const ignore = ['**/node_modules/**', '**/dist/**', 'web/node_modules/**'];

function project(config: NonNullable<TestProjectInlineConfiguration['test']>): TestProjectInlineConfiguration {
  return {
    extends: true,
    resolve: { conditions, alias },
    ssr: { resolve: { conditions }, noExternal: [/^@titleledger\//] },
    test: { exclude: ignore, ...config },
  };
}

// A limit catches a hung test, not a slow machine. On a fresh clone at load average ~25 on 2 cores,
// a six-screen staff journey took over 120 s (it passes in ~15 s quiet), so the limits are generous:
// every wait inside a test polls for a state and has its own bound.
//
// An integration or end-to-end worker runs one test file after another with one module graph, not a
// new process and graph for each (isolate: false): loading the app's modules again for every file
// took ~250 s of a run's worker time (vitest's "import", 2 cores). What a file must end after it is
// done is in a setup file (after-each-file.ts). Unit files stay isolated: they load little, and
// stub globals and clocks. So do browser files (below).
const services = {
  globalSetup: ['./test/support/global-setup.ts'],
  setupFiles: ['./test/support/after-each-file.ts'],
  isolate: false,
  testTimeout: 300_000,
  hookTimeout: 300_000,
};

export default defineConfig({
  test: {
    reporters: ['default', './test/support/summary-reporter.ts'],
    // expect.poll waits for a state; its 1 s default is a clock, not a hang detector (a recovery test
    // polled past it at load ~20). It still returns as soon as the state is there.
    expect: { poll: { timeout: 90_000 } },
    // Two test files at a time whatever the cores (vitest's default is one fewer than the cores: one
    // file at a time on 2 cores). An integration or end-to-end file spends most of its time waiting
    // on Postgres, the chain node or Chromium, which run in processes of their own. Each worker has
    // its own Postgres server (test/support/global-setup.ts says why).
    maxWorkers: 2,
    projects: [
      // A unit test's limit catches a hung test, not a slow machine: 5 s (vitest's default) failed under load.
      project({ name: 'unit', include: ['**/*.unit.test.ts', '**/*.unit.test.tsx'], testTimeout: 30_000, setupFiles: ['./test/support/property-seed.ts'] }),
      project({ name: 'int', include: ['**/*.int.test.ts'], ...services }),
      // Browser files stay isolated: with one graph per worker their time rose (1,034 → 1,349 s of file
      // time in a fresh-clone run at 2 cores) while integration files' fell.
      project({ name: 'e2e', include: ['**/*.e2e.test.ts'], ...services, isolate: true, testTimeout: 600_000 }),
    ],
  },
});
