// The projections as a service: the runner plus, for the Postgres log, the tamper-evidence chainer.
import type { Service, ServiceContext } from '@titleledger/api/runtime';
import { startChainer, type Chainer } from '@titleledger/api/eventstore';
import { ProjectionRunner } from './runner/projection-runner.js';
import type { Projection } from './runner/projection.js';

export function createProjectionsService(projections: readonly Projection[]) {
  return (context: ServiceContext): Service => {
    const runner = new ProjectionRunner({
      store: context.store,
      pool: context.pool,
      projections,
      onError: (error, name) => context.log.error({ err: error, projection: name }, 'projection batch failed; retrying'),
    });
    let chainer: Chainer | null = null;
    return {
      name: 'projections',
      async start() {
        await runner.start();
        if (context.store.kind === 'postgres') {
          chainer = startChainer(context.pool, {
            onError: (error) => context.log.error({ err: error }, 'event chain step failed; retrying'),
          });
        }
      },
      async stop() {
        await chainer?.stop();
        await runner.stop();
      },
      async health() {
        const head = await context.store.headPosition();
        const statuses = await runner.status();
        const behind = statuses.filter((s) => s.position.commit < head.commit || (s.position.commit === head.commit && s.position.prepare < head.prepare));
        return {
          status: runner.isLeader || statuses.length === 0 ? 'ok' : 'degraded',
          details: {
            leader: runner.isLeader,
            projections: statuses.map((s) => s.name),
            behind: behind.map((s) => s.name),
          },
        };
      },
    };
  };
}
