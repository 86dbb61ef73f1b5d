// Builds the fastify app: zod on every body, query and param; one JSON error shape; one log line
// per request with its correlation id; security headers on every response and cross-site writes
// refused; the API under /api and the built SPA everywhere else.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyRequest, type RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { EventStore, Position } from '../eventstore/index.js';
import type { ComponentHealth } from '../runtime/service.js';
import { refuseCrossSiteRequests } from './cross-site-requests.js';
import { describeError, errorBody, installErrorHandling, sendError } from './errors.js';
import { installJsonBodyParser } from './json-body.js';
import { apiDocs } from './openapi.js';
import { ProjectionWaiter } from './projection-waiter.js';
import { RequestActivity } from './request-activity.js';
import { registerRoutes } from './routes.js';
import { securityHeaders } from './security-headers.js';
import { webPageFiles } from './web-pages.js';

export interface AppDependencies {
  readonly config: Config;
  readonly pool: pg.Pool;
  readonly store: EventStore;
  readonly logger: Logger;
  /** Health of the services running beside the API, by component name. */
  readonly components?: Readonly<Record<string, () => Promise<ComponentHealth>>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDependencies;
    /**
     * Read-your-writes: waits (bounded) until the read models named (the ones the answer or the next
     * screen reads; every one when omitted) have applied `position`; 503 + Retry-After at once when one is stalled.
     */
    waitForProjections(position: Position | undefined, readModels?: readonly string[]): Promise<void>;
    /** The requests in flight: background work waits for a quiet moment (`RequestActivity.quiet`). */
    requestActivity: RequestActivity;
  }
}

const CORRELATION_HEADER = 'x-correlation-id';

/**
 * A request's URL as the request log keeps it: a `token` in the query (invitation, staff and creator
 * password-reset links open pages with one) is a live credential, so its value is not written.
 */
export function loggableUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}
const SAFE_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/** The app as routes see it: zod schemas type the handlers. */
export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

export async function buildApp(deps: AppDependencies): Promise<App> {
  const app = Fastify({
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs it: pino's Logger is not fastify's logger type
    loggerInstance: deps.logger as FastifyBaseLogger,
    // One line per request comes from our own onResponse hook (with the correlation id), not fastify's pair.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (request) => {
      const given = request.headers[CORRELATION_HEADER];
      return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
    },
    // Only the proxies TRUST_PROXY names may set the client address (X-Forwarded-For); none by default.
    trustProxy: deps.config.TRUST_PROXY.length > 0 ? deps.config.TRUST_PROXY : false,
    // Errors fastify meets before routing (a path that does not decode) get the same JSON format.
    frameworkErrors: (error, request, reply) => {
      void sendError(reply, describeError(error, request));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorateRequest('actor', null as unknown as FastifyRequest['actor']);
  const waiter = new ProjectionWaiter(deps.pool, deps.config.PROJECTION_WAIT_MS);
  app.decorate('waitForProjections', (position: Position | undefined, readModels?: readonly string[]) => waiter.waitFor(position, readModels));
  app.addHook('onReady', async () => waiter.listen());
  app.addHook('onClose', () => waiter.close());

  const activity = new RequestActivity();
  app.decorate('requestActivity', activity);
  app.addHook('onRequest', async (request, reply) => {
    reply.header(CORRELATION_HEADER, request.id);
    // The response's 'close' comes once it has been sent, or once its connection has dropped (an
    // aborted request); fastify.inject's responses emit it as well.
    reply.raw.once('close', activity.begin());
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, url: loggableUrl(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });

  installErrorHandling(app);
  installJsonBodyParser(app);
  await app.register(securityHeaders, { config: deps.config });
  await app.register(fastifyCookie);
  refuseCrossSiteRequests(app, deps.config.publicUrl);
  await app.register(apiDocs);
  await registerRoutes(app);

  const webDist = deps.config.WEB_DIST ?? path.resolve(import.meta.dirname, '../../../web/dist');
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  const pageFile = hasWeb ? webPageFiles(webDist) : undefined;
  // The built SPA: its precompressed copies (`.br`, `.gz`, made by the web build) when the browser
  // takes them; content-hashed assets cached for a year, everything else revalidated on each visit.
  const hashedAssets = path.join(webDist, 'assets') + path.sep;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, file) => {
        void reply.header('cache-control', file.startsWith(hashedAssets) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.status(404).send(errorBody({ code: 'not_found', message: `No API route ${request.method} ${pathname}.` }));
    }
    // A file the build does not have (`/assets/old-chunk.js` after a deploy, `/favicon.ico`) is a 404:
    // the page shell in its place would reach a script tag or a crawler as HTML with a 200.
    if (pageFile && (request.method === 'GET' || request.method === 'HEAD') && !namesAFile(pathname)) {
      return reply.type('text/html').sendFile(pageFile(pathname));
    }
    return reply.status(404).send(errorBody({ code: 'not_found', message: `Nothing at ${pathname}.` }));
  });

  return app;
}

/** Extensions of the files a browser, a crawler or a scanner asks for. */
const FILE_EXTENSION = /\.(?:js|mjs|cjs|css|map|json|webmanifest|txt|xml|html?|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|otf|pdf|zip|gz|br|php|aspx?|env|ya?ml|ini|bak|sql|log)$/i;

/**
 * Whether a path names a file rather than a page: under `/assets/`, a dotfile, or a file type.
 * A page's own segment may hold a dot (`/checkout/9.99`), so any other dot is a page's.
 */
function namesAFile(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return pathname.startsWith('/assets/') || last.startsWith('.') || FILE_EXTENSION.test(last);
}
