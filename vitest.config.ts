// One runner for every kind of test. Projects split them by file name:
// *.unit.test.ts (pure code), *.int.test.ts (real Postgres, real chain), *.e2e.test.ts (Chromium).
import { defineConfig } from 'vitest/config';

const conditions = ['source', 'node', 'import', 'module', 'default'];
const ignore = ['**/node_modules/**', '**/dist/**', 'web/**'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    reporters: ['default', './test/support/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['**/*.unit.test.ts'],
          exclude: ignore,
        },
      },
      {
        extends: true,
        test: {
          name: 'int',
          include: ['**/*.int.test.ts'],
          exclude: ignore,
          globalSetup: ['./test/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['**/*.e2e.test.ts'],
          exclude: ignore,
          globalSetup: ['./test/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
