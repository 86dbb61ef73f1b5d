// POST /api/support/submit: the support form becomes a SupportRequestSubmitted event. POST
// /api/contact: the contact page's message, with its own rules (every field required, no minimum
// lengths), becomes the same event with issue type "other". The answer carries the ticket number to
// quote, and the ticket number is e-mailed to the address given, as the success card says. That
// e-mail carries nothing the sender wrote (no name, subject or message: the form is open to anyone,
// so it must not carry a stranger's text to any address), and one address gets a few an hour at
// most (the attempt limiter's `support_mail` scope, with the reset e-mails' limits); the ticket is
// recorded either way. With SUPPORT_TEAM_EMAIL set, the team's inbox hears of each new request
// (team-alerts.ts).
import { createHash, randomUUID } from 'node:crypto';
import { normaliseEmail } from '../accounts/crypto.js';
import { BackgroundWork } from '../accounts/use-cases/deps.js';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { handleCommand } from '../domain/command-handler.js';
import type { App } from '../http/app.js';
import { commandContext } from '../http/context.js';
import { validationMessage } from '../http/errors.js';
import { contactRequestSchema, supportRequestSchema, supportSubmittedSchema, type SupportRequest } from '../schemas/support.js';
import { errorResponses } from '../http/openapi.js';
import { supportDecider, supportStreamId } from './decider.js';
import { SupportTeamAlerts } from './team-alerts.js';
import { newTicketNumber } from './ticket-number.js';

/**
 * The mailbox an address delivers to, for the e-mail limit: `+tags` dropped, and for Gmail the dots
 * too, so `ada+1@…`, `ada+2@…` and `a.da@gmail.com` count as one inbox.
 */
export function mailboxOf(email: string): string {
  const normalised = normaliseEmail(email);
  const at = normalised.lastIndexOf('@');
  let local = normalised.slice(0, at).replace(/\+.*$/, '');
  const domain = normalised.slice(at + 1);
  if (domain === 'gmail.com' || domain === 'googlemail.com') local = local.replaceAll('.', '');
  return `${local}@${domain === 'googlemail.com' ? 'gmail.com' : domain}`;
}

export async function supportRoutes(app: App): Promise<void> {
  const log = app.deps.logger.child({ component: 'support' });
  const background = new BackgroundWork(log);
  app.addHook('onClose', () => background.settled());

  const { config, pool } = app.deps;
  if (config.SUPPORT_TEAM_EMAIL) {
    const alerts = new SupportTeamAlerts(pool, app.mailer, config.SUPPORT_TEAM_EMAIL, config.publicUrl, log);
    app.addHook('onReady', async () => alerts.start(config.NOTIFICATION_MAIL_INTERVAL_MS));
    app.addHook('onClose', async () => alerts.stop());
  }

  const sendTicketNumber = async (email: string, ticketNumber: string, clientIp: string | null) => {
    const address = createHash('sha256').update(mailboxOf(email)).digest('hex');
    try {
      await app.attemptLimiter.begin('support_mail', { account: address, ip: clientIp });
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'too_many_requests')) throw error;
      log.warn({ ticketNumber }, 'support e-mail not sent: too many for this address or from this client');
      return;
    }
    await app.mailer.send({
      to: email.trim(),
      subject: `Your TitleLedger support request ${ticketNumber}`,
      text:
        `We received your support request. Your ticket number is ${ticketNumber}.\n\n` +
        'Our team typically responds within 24 hours. Quote the ticket number if you write to us about it.\n\n' +
        'If you did not contact TitleLedger support, ignore this e-mail.',
    });
  };

  /** Records the request and e-mails its ticket number; the answer carries it (no read model to wait for). */
  const submit = async (request: FastifyRequest, body: SupportRequest) => {
    const context = commandContext(request);
    const id = randomUUID();
    const ticketNumber = newTicketNumber(context.now);
    await handleCommand(app.deps.store, supportStreamId(id), supportDecider, { type: 'SubmitSupportRequest', id, ticketNumber, request: body, now: context.now }, context);
    background.run('support e-mail', () => sendTicketNumber(body.email, ticketNumber, context.clientIp ?? null));
    return { success: true as const, ticketNumber, id };
  };

  app.post(
    '/support/submit',
    {
      schema: { tags: ['support'], body: supportRequestSchema, response: { 201: supportSubmittedSchema, ...errorResponses(400) } },
      // The form shows the message as it is: the first problem, in the field's own words.
      schemaErrorFormatter: validationMessage(),
    },
    async (request, reply) => reply.status(201).send(await submit(request, request.body)),
  );

  app.post(
    '/contact',
    {
      schema: { tags: ['support'], summary: "The contact page's message: a support request of type other", body: contactRequestSchema, response: { 201: supportSubmittedSchema, ...errorResponses(400) } },
      schemaErrorFormatter: validationMessage(),
    },
    async (request, reply) => reply.status(201).send(await submit(request, { ...request.body, issueType: 'other', priority: 'normal' })),
  );
}
