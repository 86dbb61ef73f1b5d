// POST /api/support/submit: the support form (and the contact page, as issue type "other")
// becomes a SupportRequestSubmitted event; the answer carries the ticket number to quote.
import { randomUUID } from 'node:crypto';
import { handleCommand } from '../domain/command-handler.js';
import type { App } from '../http/app.js';
import { commandContext } from '../http/context.js';
import { validationMessage } from '../http/errors.js';
import { supportRequestSchema, supportSubmittedSchema } from '../schemas/support.js';
import { errorResponses } from '../http/openapi.js';
import { supportDecider, supportStreamId } from './decider.js';
import { newTicketNumber } from './ticket-number.js';

export async function supportRoutes(app: App): Promise<void> {
  app.post(
    '/support/submit',
    {
      schema: { tags: ['support'], body: supportRequestSchema, response: { 201: supportSubmittedSchema, ...errorResponses(400) } },
      // The form shows the message as it is: the first problem, in the field's own words.
      schemaErrorFormatter: validationMessage(),
    },
    async (request, reply) => {
      const context = commandContext(request);
      const id = randomUUID();
      const ticketNumber = newTicketNumber(context.now);
      // The answer is the ticket number: no read model to wait for.
      await handleCommand(
        app.deps.store,
        supportStreamId(id),
        supportDecider,
        { type: 'SubmitSupportRequest', id, ticketNumber, request: request.body, now: context.now },
        context,
      );
      return reply.status(201).send({ success: true as const, ticketNumber, id });
    },
  );
}
