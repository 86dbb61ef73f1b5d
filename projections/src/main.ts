// The projections alone (production), or `rebuild` to replay every read model from position 0.
import { ConfigError, runApp } from '@titleledger/api/runtime';
import { allProjections, createProjectionsService, readModelMigrations, rebuildProjections } from './index.js';

const command = process.argv[2] ?? 'run';

try {
  if (command === 'rebuild') {
    const running = await runApp({ http: false, migrations: readModelMigrations, handleSignals: false });
    await rebuildProjections({ store: running.store, pool: running.pool, projections: allProjections });
    console.log('read models rebuilt from position 0');
    await running.stop();
  } else if (command === 'run') {
    await runApp({ http: false, migrations: readModelMigrations, services: [createProjectionsService(allProjections)] });
  } else {
    console.error(`Unknown command "${command}". Use: run | rebuild`);
    process.exit(2);
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
