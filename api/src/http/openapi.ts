// The API's reference, generated from the routes' own zod schemas (fastify-type-provider-zod turns
// them into JSON Schema): the OpenAPI 3 document at /api/openapi.json and Swagger UI at /api/docs.
// Registered before the routes, so @fastify/swagger sees every one of them. Swagger UI's page loads
// its scripts from files (no inline script), and its pages carry their own strict CSP.
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../schemas/errors.js';
import type { App } from './app.js';

const OPENAPI_PATH = '/api/openapi.json';
const DOCS_PATH = '/api/docs';

/** The policy of the reference pages: scripts and styles from this origin only, never framed. */
const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Swagger UI sets style attributes on its elements; no script can run from a style.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The documented error answers of a route: every one is the one error body (apiErrorSchema). */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<S, typeof apiErrorSchema>;
}

/**
 * What every /api route answers a failure with unless it declares its own: the error body for any
 * 4xx and 5xx, so a route's errors are documented and serialized like its successes.
 */
const DEFAULT_ERROR_RESPONSES = { '4xx': apiErrorSchema, '5xx': apiErrorSchema } as const;

/** A signed-in creator's route (`config.signedIn`) is called with the session cookie or its token as a bearer. */
const SIGNED_IN_SECURITY: readonly Record<string, readonly string[]>[] = [{ session: [] }, { bearer: [] }];

interface ApiRoute {
  readonly method: string;
  readonly url: string;
  /** Declared for signed-in creators only (`config: { signedIn: true }`). */
  readonly signedIn: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered under /api, as the router knows it: checked against the document by a test. */
    apiRoutes: ApiRoute[];
  }
}

export const apiDocs = fp(async (app: App) => {
  const routes: ApiRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.schema?.hide) return;
    const signedIn = route.config?.signedIn === true;
    route.schema = {
      ...route.schema,
      ...(signedIn ? { security: SIGNED_IN_SECURITY } : {}),
      response: { ...DEFAULT_ERROR_RESPONSES, ...(route.schema?.response as object | undefined) },
    };
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, signedIn });
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'TitleLedger API',
        version: '1',
        description:
          'Register creative works as titles, anchored in Merkle roots on an EVM chain. Errors are always `{ success: false, error, code, message, details? }`: `error` is the sentence to show, `code` the machine code.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'tl_session' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PATH, staticCSP: DOCS_CSP, uiConfig: { deepLinking: true } });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
});
