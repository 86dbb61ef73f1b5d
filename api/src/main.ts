// The API alone (production): DATABASE_URL and, optionally, EVENTSTORE_URL point it at shared
// infrastructure; projections and the ledger run as their own processes.
import { ConfigError } from './config.js';
import { runApp } from './runtime/run-app.js';

try {
  await runApp({ role: 'api' });
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
