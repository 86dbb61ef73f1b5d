// The projections as a service: the runner plus the transparency log's extender (over whichever store holds the log).
// It logs a projection's state changes (failing, parked an event, recovered) once each, never per retry.
import { formatPosition } from '@titleledger/api/eventstore';
import type { Service, ServiceContext } from '@titleledger/api/runtime';
import { startConfiguredLogExtender, type LogExtender } from '@titleledger/api/transparency';
import { ProjectionRunner, listParkedEvents, type RetryPolicy } from './runner/projection-runner.js';
import type { Projection } from './runner/projection.js';

export function createProjectionsService(projections: readonly Projection[], options: { retry?: Partial<RetryPolicy> } = {}) {
  return (context: ServiceContext): Service => {
    const runner = new ProjectionRunner({
      store: context.store,
      pool: context.pool,
      projections,
      ...(options.retry ? { retry: options.retry } : {}),
      log: context.log,
      onError: (error, name) => context.log.error({ err: error, projection: name }, 'projection failing; retrying'),
      onRecovered: (name) => context.log.info({ projection: name }, 'projection applying events again'),
      onParked: (parked) =>
        context.log.error(
          {
            projection: parked.projection,
            eventId: parked.eventId,
            eventType: parked.eventType,
            stream: parked.streamId,
            position: formatPosition(parked.position),
            error: parked.error,
          },
          'projection parked an event it could not apply (projection_failures; `npm run projections -- retry` after a fix)',
        ),
    });
    let logExtender: LogExtender | null = null;
    return {
      name: 'projections',
      async start() {
        await runner.start();
        logExtender = startConfiguredLogExtender(context.pool, context.store, context.config, (error) =>
          context.log.error({ err: error }, 'transparency log step failed; retrying'),
        );
      },
      async stop() {
        await logExtender?.stop();
        await runner.stop();
      },
      // The runner's own state; how far each read model is behind, and what it parked, the API's
      // /api/health reads from the database (true whether or not the runner runs in its process).
      async health() {
        const failing = Object.fromEntries(runner.currentFailures);
        const parked = (await listParkedEvents(context.pool, projections.map((p) => p.name))).length;
        const reasons = [
          ...(runner.isLeader ? [] : ['another runner leads (or none yet)']),
          ...Object.entries(failing).map(([name, error]) => `${name} failing: ${error}`),
          ...(parked > 0 ? [`${parked} parked event(s)`] : []),
        ];
        return {
          status: (runner.isLeader || projections.length === 0) && Object.keys(failing).length === 0 && parked === 0 ? 'ok' : 'degraded',
          details: { leader: runner.isLeader, projections: projections.map((p) => p.name), parked, ...(reasons.length > 0 ? { reasons } : {}) },
        };
      },
    };
  };
}
