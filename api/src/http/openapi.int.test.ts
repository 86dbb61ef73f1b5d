// The API reference: every route registered under /api is in /api/openapi.json (with the method it
// answers), and /api/docs is served under a strict CSP with no inline script.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.stop());

const inject = (url: string) => app.running.app!.inject({ method: 'GET', url });
/** fastify's `/titles/:tr` is OpenAPI's `/titles/{tr}`, and a wildcard `*` is `{*}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace('*', '{*}');

describe('/api/openapi.json', () => {
  it('is an OpenAPI 3 document listing every registered route', async () => {
    const response = await inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(document.openapi).toMatch(/^3\./);
    const routes = app.running.app!.apiRoutes;
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes.filter((r) => !document.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]);
    expect(missing).toEqual([]);
  });

  it('declares, for every route, what it answers on success and the error body on failure', async () => {
    type Operation = { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };
    const { paths } = (await inject('/api/openapi.json')).json<{ paths: Record<string, Record<string, Operation>> }>();
    const problems: string[] = [];
    for (const route of app.running.app!.apiRoutes) {
      const name = `${route.method} ${route.url}`;
      const operation = paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation) continue; // the test above names it
      const success = Object.entries(operation.responses).filter(([status]) => /^[23]/.test(status));
      if (success.length === 0) problems.push(`${name}: no success response declared`);
      for (const [status, response] of success) {
        // A redirect has no body; every other success names its content type and schema.
        if (status.startsWith('3')) continue;
        const schemas = Object.values(response.content ?? {}).map((c) => c.schema);
        if (schemas.length === 0 || schemas.some((schema) => !schema)) problems.push(`${name}: ${status} has no schema`);
      }
      const errors = Object.entries(operation.responses).filter(([status]) => /^[45]/.test(status));
      if (!errors.some(([status]) => status.startsWith('4'))) problems.push(`${name}: no 4xx error body declared`);
      for (const [status, response] of errors) {
        const schema = response.content?.['application/json']?.schema as { properties?: Record<string, unknown> } | undefined;
        if (!schema) problems.push(`${name}: ${status} has no JSON schema`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('documents every failure, /api/auth/* as every other, with the one error body (the sentence in `error`, the code in `code`)', async () => {
    const { paths } = (await inject('/api/openapi.json')).json();
    const fields = ['code', 'details', 'error', 'message', 'success', 'twoFactorRequired'];
    for (const [path, method] of [['/api/auth/login', 'post'], ['/api/search', 'get'], ['/api/admin/accept-invitation', 'post']] as const) {
      const schema = paths[path][method].responses['4XX'].content['application/json'].schema;
      expect(Object.keys(schema.properties).sort(), path).toEqual(fields);
      expect(schema.required.sort(), path).toEqual(['code', 'error', 'message', 'success']);
    }
    expect(Object.keys(paths['/api/copyright/download-certificate/{tr}'].get.responses['200'].content)).toEqual(['application/pdf']);
    expect(Object.keys(paths['/api/log/checkpoint'].get.responses['200'].content)).toEqual(['text/plain']);
  });

  it('carries the request and response schemas the routes declare', async () => {
    const { paths } = (await inject('/api/openapi.json')).json();
    expect(paths['/api/payment/config'].get.responses['200'].content['application/json'].schema.properties).toHaveProperty('registrationFee');
  });
});

describe('/api/docs', () => {
  it('serves Swagger UI with scripts from files only, under a strict CSP', async () => {
    const response = await inject('/api/docs/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    const scripts = [...response.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
