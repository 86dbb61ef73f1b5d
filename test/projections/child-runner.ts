// A projection runner in its own process, for the crash test: `node --import tsx child-runner.ts
// <database url> <pause ms per batch>`. The packages it imports are the built ones (*/dist), as in
// production; tsx compiles this file only (the tests' global setup builds what is stale first).
import { PostgresEventStore } from '@titleledger/api/eventstore';
import { createPool } from '@titleledger/api/runtime';
import { ProjectionRunner, allProjections } from '@titleledger/projections';

const [url, pause = '0'] = process.argv.slice(2);
const pool = createPool(url!, 5);
const store = new PostgresEventStore(pool, { pollIntervalMs: 10, batchSize: 250 });
const runner = new ProjectionRunner({
  store,
  pool,
  projections: allProjections,
  afterBatch: async (name, _position, count) => {
    process.stdout.write(`${name} ${count}\n`);
    // A pace, not a wait for a state: it slows the run so the test's SIGKILL (sent once 1,500 rows
    // are in) lands with most of the 12,000 events still to go.
    await new Promise((r) => setTimeout(r, Number(pause)));
  },
});
await runner.start();
process.stdout.write('started\n');
process.on('SIGTERM', () => void runner.stop().then(() => pool.end()).then(() => process.exit(0)));
