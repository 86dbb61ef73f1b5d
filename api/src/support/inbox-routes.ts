// The support inbox's API: staff read the support form's and the contact page's requests and mark
// them resolved (or open again). Support requests used to be events only, which nobody on the team
// saw outside the audit log. Admin1 and up read (it is a list, like the others); resolving and
// reopening change a record, so admin2 and up (seed 001 §6: admin2 edits). Both writes answer once
// the inbox shows the change, and both are in the access log with the note as the reason.
import { handleCommandDecidingAgain } from '../domain/command-handler.js';
import { notFound } from '../errors.js';
import type { App } from '../http/app.js';
import { commandContext } from '../http/context.js';
import { errorResponses } from '../http/openapi.js';
import {
  handleSupportRequestSchema,
  supportInboxPageSchema,
  supportInboxQuerySchema,
  supportRequestHandledSchema,
  supportRequestIdParamsSchema,
} from '../schemas/admin.js';
import { staffRoute, type StaffRouteSpec } from '../staff/staff-routes.js';
import { SUPPORT_MESSAGES } from '../schemas/support.js';
import { supportDecider, supportStreamId } from './decider.js';
import { findSupportRequest, listSupportRequests } from './inbox-queries.js';

export const supportInboxRoutes = {
  listSupportRequests: { method: 'GET', url: '/api/admin/support-requests', access: 'admin1' },
  resolveSupportRequest: { method: 'POST', url: '/api/admin/support-requests/:id/resolve', access: 'admin2' },
  reopenSupportRequest: { method: 'POST', url: '/api/admin/support-requests/:id/reopen', access: 'admin2' },
} as const satisfies Record<string, StaffRouteSpec>;

/** The read models a resolution changes: the inbox, and the access log. */
const SUPPORT_READ_MODELS = ['support', 'staff'];

const tags = ['admin'];

export async function supportInboxRouteHandlers(app: App): Promise<void> {
  const { pool, store } = app.deps;

  app.route({
    ...staffRoute(supportInboxRoutes.listSupportRequests),
    schema: { tags, querystring: supportInboxQuerySchema, response: { 200: supportInboxPageSchema, ...errorResponses(400, 401, 403) } },
    handler: async (request) => listSupportRequests(pool, request.query),
  });

  for (const [spec, type] of [
    [supportInboxRoutes.resolveSupportRequest, 'ResolveSupportRequest'],
    [supportInboxRoutes.reopenSupportRequest, 'ReopenSupportRequest'],
  ] as const) {
    app.route({
      ...staffRoute(spec),
      schema: {
        tags,
        params: supportRequestIdParamsSchema,
        body: handleSupportRequestSchema.nullish(), // the note is optional, and so is the body
        response: { 200: supportRequestHandledSchema, ...errorResponses(400, 401, 403, 404) },
      },
      handler: async (request) => {
        const { id } = request.params;
        const context = commandContext(request);
        const command = { type, by: request.staff!.id, role: request.staff!.role, note: request.body?.note ?? null, now: context.now };
        // Two staff members at once agree: the one whose append loses decides again on the request as
        // the other left it, which writes nothing.
        const { appended } = await handleCommandDecidingAgain(store, supportStreamId(id), supportDecider, command, context, 2);
        // Nothing written (it was there already): answer once the inbox has what the log holds now.
        await app.waitForProjections(appended?.position ?? (await store.headPosition()), SUPPORT_READ_MODELS);
        const found = await findSupportRequest(pool, id);
        if (!found) throw notFound(SUPPORT_MESSAGES.noSuchRequest);
        return { success: true as const, changed: appended !== undefined, request: found };
      },
    });
  }
}
