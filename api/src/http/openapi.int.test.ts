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
