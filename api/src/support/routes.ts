// POST /api/support/submit: the support form (and the contact page, as issue type "other")
// becomes a SupportRequestSubmitted event; the answer carries the ticket number to quote.
import { randomUUID } from 'node:crypto';
import { handleCommand } from '../domain/command-handler.js';
import { validationError } from '../errors.js';
import type { App } from '../http/app.js';
import { commandContext } from '../http/context.js';
import { supportRequestSchema, supportSubmittedSchema } from '../schemas/support.js';
import { errorResponses } from '../http/openapi.js';
import { supportDecider, supportStreamId } from './decider.js';
import { newTicketNumber } from './ticket-number.js';

export async function supportRoutes(app: App): Promise<void> {
  app.post('/support/submit', { schema: { tags: ['support'], response: { 201: supportSubmittedSchema, ...errorResponses(400) } } }, async (request, reply) => {
    const parsed = supportRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
      throw validationError(issues[0]!.message, { issues });
    }
    const context = commandContext(request);
    const id = randomUUID();
    const ticketNumber = newTicketNumber(context.now);
    // The answer is the ticket number: no read model to wait for.
    await handleCommand(
      app.deps.store,
      supportStreamId(id),
      supportDecider,
      { type: 'SubmitSupportRequest', id, ticketNumber, request: parsed.data, now: context.now },
      context,
    );
    return reply.status(201).send({ success: true as const, ticketNumber, id });
  });
}
