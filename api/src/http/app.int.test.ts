// API conventions on a real Postgres: JSON errors, JSON 404 under /api, correlation ids, health.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';

describe('API conventions', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => app.stop());

  const inject = (options: InjectOptions) =>
    app.running.app!.inject(options);

  it('reports every component as healthy', async () => {
    const response = await inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('ok');
    expect(Object.keys(body.components)).toEqual(expect.arrayContaining(['api', 'database', 'eventStore', 'projections']));
    expect(body.components.eventStore.details.kind).toBe('postgres');
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'No API route GET /api/no-such-thing.' });
  });

  it('answers malformed JSON with a 400, never a 500', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"unterminated": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_json' });
  });

  it('echoes a safe correlation id and makes one up otherwise', async () => {
    const given = await inject({ method: 'GET', url: '/api/health', headers: { 'x-correlation-id': 'abc-123' } });
    expect(given.headers['x-correlation-id']).toBe('abc-123');
    const unsafe = await inject({ method: 'GET', url: '/api/health', headers: { 'x-correlation-id': 'a b\n<script>' } });
    expect(unsafe.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the single-page app for any other path', async () => {
    const response = await inject({ method: 'GET', url: '/some/deep/link' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<div id="root">');
  });
});
