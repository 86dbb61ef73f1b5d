// The projections alone (production); `rebuild` replays every read model from position 0;
// `retry` re-applies the events parked in projection_failures (after the fix that lets them apply).
import { formatPosition, type Position } from '@titleledger/api/eventstore';
import { ConfigError, runApp } from '@titleledger/api/runtime';
import { allProjections, createProjectionsService, readModelMigrations, rebuildProjections, retryParkedEvents } from './index.js';

const command = process.argv[2] ?? 'run';
const describe = (p: { projection: string; eventType: string; eventId: string; position: Position; error: string }) =>
  `  ${p.projection}: ${p.eventType} ${p.eventId} at ${formatPosition(p.position)}: ${p.error}`;

try {
  if (command === 'rebuild') {
    const running = await runApp({ http: false, migrations: readModelMigrations, handleSignals: false });
    const { parked } = await rebuildProjections({ store: running.store, pool: running.pool, projections: allProjections });
    console.log('read models rebuilt from position 0');
    if (parked.length > 0) console.log(`${parked.length} event(s) could not be applied and are parked:\n${parked.map(describe).join('\n')}`);
    await running.stop();
    process.exitCode = parked.length > 0 ? 1 : 0;
  } else if (command === 'retry') {
    const running = await runApp({ http: false, migrations: readModelMigrations, handleSignals: false });
    const { applied, stillParked } = await retryParkedEvents({ store: running.store, pool: running.pool, projections: allProjections });
    console.log(`${applied.length} parked event(s) applied, ${stillParked.length} still parked`);
    if (stillParked.length > 0) console.log(stillParked.map(describe).join('\n'));
    await running.stop();
    process.exitCode = stillParked.length > 0 ? 1 : 0;
  } else if (command === 'run') {
    await runApp({ http: false, role: 'projections', migrations: readModelMigrations, services: [createProjectionsService(allProjections)] });
  } else {
    console.error(`Unknown command "${command}". Use: run | rebuild | retry`);
    process.exit(2);
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
