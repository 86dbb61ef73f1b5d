// GET /api/health: each component's state; 503 when any is down.
import type { FastifyPluginAsync } from 'fastify';
import type { ComponentHealth } from '../runtime/service.js';

async function timed(check: () => Promise<ComponentHealth>): Promise<ComponentHealth> {
  try {
    return await Promise.race([
      check(),
      new Promise<ComponentHealth>((resolve) =>
        setTimeout(() => resolve({ status: 'down', details: { reason: 'no answer within 2 s' } }), 2000).unref(),
      ),
    ]);
  } catch (error) {
    return { status: 'down', details: { reason: (error as Error).message } };
  }
}

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', async (_request, reply) => {
    const { pool, store, components = {} } = app.deps;
    const checks: Record<string, () => Promise<ComponentHealth>> = {
      api: async () => ({ status: 'ok', details: { uptimeSeconds: Math.round(process.uptime()) } }),
      database: async () => {
        await pool.query('SELECT 1');
        return { status: 'ok' };
      },
      eventStore: async () => {
        const head = await store.headPosition();
        return { status: 'ok', details: { kind: store.kind, head: `${head.commit}/${head.prepare}` } };
      },
      ...components,
    };
    const names = Object.keys(checks);
    const results = await Promise.all(names.map((name) => timed(checks[name]!)));
    const componentsOut = Object.fromEntries(names.map((name, i) => [name, results[i]]));
    const status = results.some((r) => r.status === 'down')
      ? 'down'
      : results.some((r) => r.status === 'degraded')
        ? 'degraded'
        : 'ok';
    return reply.status(status === 'down' ? 503 : 200).send({ status, components: componentsOut });
  });
};
