// Cross-process wake-ups (issue 19 item 2): a TitleRegistered append until a subscriber has it, p95,
// for a subscriber on the writer's own store instance (in-process: the append nudges it) and on a
// second instance over another pool, as a projections process in production is (only the NOTIFY
// sent after the commit reaches it; its fallback poll is the default 1 s). Target: within 2× the
// in-process figure. The projection's own transaction comes after this in both cases, so the
// difference between the two rows is the whole cross-process cost.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { PostgresEventStore, eventStoreMigrations, type EventStore } from '@titleledger/api/eventstore';
import { createPool, migrate } from '@titleledger/api/runtime';
import { newRegistration } from '../ledger/registrations.js';
import { percentile, printRows, type BenchPostgres } from './harness.js';

async function p95(writer: EventStore, reader: EventStore, appends: number): Promise<number> {
  const waiting = new Map<string, () => void>();
  const subscription = reader.subscribeAll({
    from: await writer.headPosition(),
    eventTypes: ['TitleRegistered'],
    onEvents: (events) => {
      for (const event of events) waiting.get(event.metadata.eventId)?.();
    },
  });
  const latencies: number[] = [];
  try {
    for (let i = 0; i < appends; i += 1) {
      const eventId = randomUUID();
      const seen = new Promise<void>((resolve) => waiting.set(eventId, resolve));
      const start = performance.now();
      await writer.append(`bench-wake-${eventId}`, [
        {
          type: 'TitleRegistered',
          data: newRegistration(undefined, `Work ${i}`),
          metadata: {
            eventId,
            correlationId: eventId,
            causationId: null,
            actor: { kind: 'user', id: 'bench', role: null },
            clientIp: null,
            occurredAt: new Date().toISOString(),
            schemaVersion: 1,
          },
        },
      ], 'no_stream');
      await seen;
      latencies.push(performance.now() - start);
      waiting.delete(eventId);
    }
  } finally {
    await subscription.stop();
  }
  return percentile(latencies.sort((a, b) => a - b), 95);
}

export async function benchWakeups(pg: BenchPostgres, options: { appends: number }): Promise<void> {
  const { url, pool } = await pg.database('bench_wakeup');
  await migrate(pool, eventStoreMigrations);
  const writer = new PostgresEventStore(pool);
  const otherPool = createPool(url, 4);
  const otherProcess = new PostgresEventStore(otherPool);
  try {
    // Warm both paths (connections, LISTEN) before measuring.
    await p95(writer, writer, 20);
    await p95(writer, otherProcess, 20);
    const inProcess = await p95(writer, writer, options.appends);
    const crossProcess = await p95(writer, otherProcess, options.appends);
    printRows('Wake-ups: TitleRegistered appended → subscriber has it (p95)', [
      {
        name: 'another process (NOTIFY after commit, LISTEN)',
        value: crossProcess,
        unit: 'ms',
        baseline: { name: 'in-process nudge', value: inProcess },
        higherIsBetter: false,
        target: '≤ 2× in-process',
      },
    ]);
  } finally {
    await otherProcess.close();
  }
}
