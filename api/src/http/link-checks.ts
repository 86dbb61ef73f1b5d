// The read-only check of an e-mailed link (a password reset, a staff invitation or reset): whether it
// still works, asked by its page as it opens, so a used or late link says so before anything is
// typed. The answer tells no more than using the link would (it works, or the same 422), but it
// spends nothing, so one client may ask only so often: `limitLinkChecks` in the scope that serves the
// checks, `linkCheckLimit` in each check's route config. Per client IP (request.ip: the socket, or
// X-Forwarded-For only from proxies the app trusts), in this process.
import fastifyRateLimit from '@fastify/rate-limit';
import { tooManyRequests } from '../errors.js';
import type { App } from './app.js';

/** Checks one client may make in a minute: far more than a person opening their links. */
const LINK_CHECKS_PER_MINUTE = 30;

export const linkCheckLimit = { rateLimit: { max: LINK_CHECKS_PER_MINUTE, timeWindow: 60_000 } } as const;

export async function limitLinkChecks(app: App): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(`Too many link checks from your address. Try again in ${context.after}.`, {
        retryAfterSeconds: Math.ceil(context.ttl / 1000),
      }),
  });
}
