// What must happen after every integration and end-to-end test file, once its own afterAll hooks
// have run: a setup file (vitest.config.ts), so registered before the file's hooks, and run after
// them (vitest runs afterAll hooks last-registered first).
//
// Not in the modules that keep the state: a worker runs many test files with one module graph
// (isolate: false), so a hook registered as a module loads would run after the first file only.
import { afterAll } from 'vitest';
import { endTestAppsOfFile } from './app.js';
import { endDatabasesOfFile } from './database.js';

afterAll(async () => {
  await endTestAppsOfFile();
  await endDatabasesOfFile();
});
