// The embedded composition root behind `npm start`: every service in one process, on an
// embedded Postgres under ./data. Plain JS on purpose: it only wires compiled packages together,
// so no package depends on another that depends back on it.
import { ConfigError, runApp } from '@titleledger/api/runtime';
import { embeddedComposition } from './compose.mjs';

try {
  await runApp(embeddedComposition());
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
