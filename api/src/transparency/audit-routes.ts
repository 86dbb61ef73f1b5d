// The audit page's calls (auditor and master admin; rows of the staff authorisation table):
//   GET  /api/audit/checkpoints?limit=N  the signed checkpoints (thinned for the chart), signatures checked
//   GET  /api/audit/runs                 the latest replay / verify-log results
//   POST /api/audit/verify-log           starts verify-log on the server (one at a time, 409 otherwise)
// Consistency between two checkpoints is checked by the page itself from /api/log/proof/consistency.
import { bytesEqual, toHex } from '../merkle/index.js';
import type { App } from '../http/app.js';
import {
  auditCheckpointsQuery,
  auditCheckpointsResponse,
  auditRunStartedResponse,
  auditRunsResponse,
  type AuditCheckpointsResponse,
} from '../schemas/transparency.js';
import { staffRoute, type StaffRouteSpec } from '../staff/staff-routes.js';
import { listAuditRuns, startServerVerifyLog } from './audit-runs.js';
import { openCheckpoint } from './checkpoint.js';
import { configuredVerifierKey, registryVerifierKeys } from './log-service.js';
import { sampleCheckpoints, type StoredCheckpoint } from './log-store.js';

export const auditStaffRoutes = {
  checkpoints: { method: 'GET', url: '/api/audit/checkpoints', access: 'auditor' },
  runs: { method: 'GET', url: '/api/audit/runs', access: 'auditor' },
  verifyLog: { method: 'POST', url: '/api/audit/verify-log', access: 'auditor' },
} as const satisfies Record<string, StaffRouteSpec>;

function signatureOk(checkpoint: StoredCheckpoint, vkey: readonly string[]): boolean {
  try {
    const opened = openCheckpoint(checkpoint.note, vkey);
    return opened.treeSize === checkpoint.treeSize && bytesEqual(opened.root, checkpoint.root);
  } catch {
    return false;
  }
}

export async function auditRoutes(app: App): Promise<void> {
  const { pool, config } = app.deps;
  const tags = ['audit'];
  // Every registry key over time: each checkpoint verifies with the key current when it was signed.
  const vkeys = () => registryVerifierKeys(pool, config);
  const running = new Set<Promise<unknown>>();
  // A run still under way when the app stops finishes first: it writes its verdict through the pool.
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });

  app.route({
    ...staffRoute(auditStaffRoutes.checkpoints),
    schema: { tags, summary: 'Signed checkpoints for the audit page (auditor or master admin)', querystring: auditCheckpointsQuery, response: { 200: auditCheckpointsResponse } },
    handler: async (request): Promise<AuditCheckpointsResponse> => {
      const keys = await vkeys();
      const { total, checkpoints } = await sampleCheckpoints(pool, request.query.limit);
      return {
        total,
        verifierKey: await configuredVerifierKey(pool, config),
        latestNote: checkpoints.at(-1)?.note ?? null,
        checkpoints: checkpoints.map((c) => ({ treeSize: c.treeSize, root: toHex(c.root), signedAt: c.signedAt.toISOString(), signatureOk: signatureOk(c, keys) })),
      };
    },
  });

  app.route({
    ...staffRoute(auditStaffRoutes.runs),
    schema: { tags, summary: 'The latest replay and verify-log results (auditor or master admin)', response: { 200: auditRunsResponse } },
    handler: async () => ({ runs: await listAuditRuns(pool) }),
  });

  app.route({
    ...staffRoute(auditStaffRoutes.verifyLog),
    schema: { tags, summary: 'Starts verify-log on the server (auditor or master admin; one run at a time)', response: { 202: auditRunStartedResponse } },
    handler: async (request, reply) => {
      const staff = request.staff!;
      const { run, done } = await startServerVerifyLog(pool, app.deps.store, {
        vkey: vkeys,
        startedBy: { id: staff.id, email: staff.email },
        onError: (error) => request.log.error({ err: error }, 'verify-log run failed'),
      });
      running.add(done);
      void done.finally(() => running.delete(done)).catch(() => undefined);
      return reply.code(202).send({ run });
    },
  });
}
