// CSRF defence: a state-changing request that a browser sends from another site is refused before
// any route runs, so the session cookie cannot be ridden from elsewhere (SameSite=Lax on the cookie
// is the first line; this is the second, and it also covers login CSRF and same-site subdomains).
//
// Browsers say where a request comes from: `Sec-Fetch-Site` (every current browser), else `Origin`.
//   - GET, HEAD, OPTIONS change nothing: always allowed.
//   - `Authorization: Bearer …`: an API client, which no other site can make a browser send.
//   - Sec-Fetch-Site `same-origin` or `none` (typed by the user): allowed; `same-site`/`cross-site`: refused.
//   - Without it, an `Origin` must be ours (PUBLIC_URL, or the host the request was sent to).
//   - Neither header: not a browser (curl, scripts, webhooks): allowed; there is no victim's cookie jar.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function ownOrigins(request: FastifyRequest, publicUrl: string): Set<string> {
  const origins = new Set([new URL(publicUrl).origin]);
  try {
    origins.add(new URL(`${request.protocol}://${request.host}`).origin);
  } catch {
    // An unparseable Host header names no origin of ours.
  }
  return origins;
}

/** Why a request must be refused as cross-site, or null when it may go on. */
function crossSiteRefusal(request: FastifyRequest, publicUrl: string): string | null {
  if (SAFE_METHODS.has(request.method)) return null;
  if (request.headers.authorization?.startsWith('Bearer ')) return null;
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') {
    return site === 'same-origin' || site === 'none' ? null : `a ${site} request`;
  }
  const origin = request.headers.origin;
  if (origin === undefined) return null;
  return ownOrigins(request, publicUrl).has(origin) ? null : `a request from ${origin}`;
}

export function refuseCrossSiteRequests(app: FastifyInstance, publicUrl: string): void {
  app.addHook('onRequest', async (request) => {
    const refusal = crossSiteRefusal(request, publicUrl);
    if (refusal) {
      throw forbidden(`Refused ${refusal}: changes can only be made from TitleLedger's own pages, or by an API client with a bearer token.`);
    }
  });
}
