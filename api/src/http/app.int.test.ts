// API conventions on a real Postgres: JSON errors, JSON 404 under /api, correlation ids, health; and
// how the built web app's files are sent (precompressed, cache headers).
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEvent } from '../../../test/eventstore/contract.js';
import { logInPostgres, startTestApp, type TestApp } from '../../../test/support/app.js';
import { errorReply } from '../../../test/support/flows.js';

describe('API conventions', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => app.stop());

  const inject = (options: InjectOptions) =>
    app.running.app!.inject(options);

  it('reports every component as healthy', async () => {
    // Polled: one answer reads "down" for a check slower than its 2 s limit, as on a loaded machine.
    await expect.poll(async () => (await inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const response = await inject({ method: 'GET', url: '/api/health' });
    const body = response.json();
    expect(body.status).toBe('ok');
    expect(Object.keys(body.components)).toEqual(expect.arrayContaining(['api', 'database', 'eventStore', 'projections']));
    expect(body.components.eventStore.details.kind).toBe(app.running.store.kind);
  });

  // The Postgres adapter's visibility rule: EventStoreDB shows an event once it is written.
  it.skipIf(!logInPostgres)('reports the log degraded while an open transaction hides committed events from every reader, naming it', async () => {
    // Every reader (read models, the ledger, read-your-writes) waits on such a transaction, and the
    // read models' lag cannot show it: it is read through the same rule.
    const limited = await startTestApp({ HEALTH_MAX_LAG_SECONDS: '0.05' });
    const older = await limited.running.pool.connect();
    const eventStore = async () => (await limited.running.app!.inject({ method: 'GET', url: '/api/health' })).json().components.eventStore;
    try {
      const pid = (await older.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()');
      await limited.running.store.append('health-held', [newEvent('Noted')], 'any');
      await expect.poll(async () => (await eventStore()).status).toBe('degraded');
      const degraded = await eventStore();
      expect(degraded.details.heldBack).toMatchObject({ events: 1, holder: { pid, state: 'idle in transaction' } });
      expect(degraded.details.reasons[0]).toMatch(new RegExp(`1 committed event\\(s\\) are hidden from every reader .* Postgres process ${pid} .* is still open`));
      await older.query('ROLLBACK');
      expect(await eventStore()).toEqual({ status: 'ok', details: { kind: 'postgres', head: expect.any(String) } });
    } finally {
      await older.query('ROLLBACK').catch(() => undefined);
      older.release();
      await limited.stop();
    }
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(errorReply('not_found', 'No API route GET /api/no-such-thing.'));
  });

  it('answers malformed JSON with a 400, never a 500', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"unterminated": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_json', error: 'The request body is not valid JSON.' });
  });

  it('echoes a safe correlation id and makes one up otherwise', async () => {
    const given = await inject({ method: 'GET', url: '/api/health', headers: { 'x-correlation-id': 'abc-123' } });
    expect(given.headers['x-correlation-id']).toBe('abc-123');
    const unsafe = await inject({ method: 'GET', url: '/api/health', headers: { 'x-correlation-id': 'a b\n<script>' } });
    expect(unsafe.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('counts a request in flight from its start until the client drops it, for background work to wait on', async () => {
    // A body that never ends holds the request open (it is read before any handler runs); the client then gives up.
    const activity = app.running.app!.requestActivity;
    await activity.quiet(Date.now() + 60_000);
    const socket = net.connect(Number(new URL(app.url).port), '127.0.0.1');
    await once(socket, 'connect');
    socket.write('POST /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"a": ');
    await expect.poll(() => activity.isQuiet()).toBe(false);
    socket.destroy();
    // Dropped: quiet again once the quiet time has passed, long before the deadline.
    const deadline = Date.now() + 60_000;
    await activity.quiet(deadline);
    expect(Date.now()).toBeLessThan(deadline);
    expect(activity.isQuiet()).toBe(true);
  });

  it('serves the single-page app for any other path', async () => {
    const response = await inject({ method: 'GET', url: '/some/deep/link' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<div id="root">');
  });

  it('tells crawlers to keep out of the API and the signed-in and staff areas', async () => {
    const response = await inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/plain/);
    for (const area of ['/api/', '/admin', '/master-admin', '/audit', '/account', '/dashboard', '/my-documents']) {
      expect(response.body).toContain(`Disallow: ${area}\n`);
    }
    expect(response.body).not.toMatch(/Disallow: \/\s*$/m);
  });
});

describe('the built web app as files', () => {
  // A web build of our own (what `vite build` writes, with the .br/.gz copies its precompress step adds).
  const dist = mkdtempSync(path.join(tmpdir(), 'titleledger-web-'));
  const page = `<!doctype html><html><body><div id="root"><h1>Prove what you created</h1></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
  const shell = `<!doctype html><html><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
  const verify = `<!doctype html><html><body><div id="root"><h1>Verify Certificate</h1></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  let app: TestApp;
  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), page);
    writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(page));
    writeFileSync(path.join(dist, 'app.html'), shell);
    writeFileSync(path.join(dist, 'app.html.br'), brotliCompressSync(shell));
    writeFileSync(path.join(dist, 'verify.html'), verify);
    writeFileSync(path.join(dist, 'verify.html.br'), brotliCompressSync(verify));
    // A listed page whose file is missing is sent the shell, never a 500.
    writeFileSync(path.join(dist, 'prerendered.json'), JSON.stringify({ '/': 'index.html', '/verify': 'verify.html', '/pricing': 'pricing.html' }));
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
    app = await startTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await app?.stop();
    rmSync(dist, { recursive: true, force: true });
  });
  const get = (url: string, encoding?: string) =>
    app.running.app!.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends the compressed copy the browser takes, cached for a year when content-hashed', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends each page rendered at build time its own file, every other page the empty shell; revalidated, compressed', async () => {
    const pages = [
      ['/', page],
      ['/index.html', page],
      ['/verify', verify],
      ['/verify?tr=TR-1&hash=ab', verify],
      ['/verify/', shell],
      ['/pricing', shell],
      ['/some/deep/link', shell],
      // A page's segment may hold a dot: the checkout's amount, a mistyped record.
      ['/checkout/9.99', shell],
      ['/titles/TR-COPY-2026-0000001.', shell],
    ] as const;
    for (const [url, html] of pages) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(html);
    }
  });

  it('answers a file the build does not have with a 404, never the page shell', async () => {
    // An old chunk asked for after a deploy, a browser's default icon, a scanner's probe.
    for (const url of ['/assets/index-old999.js', '/assets/missing', '/favicon.ico', '/sitemap.xml', '/.env', '/wp-login.php', '/deep/link/style.css', '/robots.txt']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/application\/json/);
      expect(response.json(), url).toEqual(errorReply('not_found', `Nothing at ${url}.`));
    }
    const head = await app.running.app!.inject({ method: 'HEAD', url: '/assets/index-old999.js' });
    expect(head.statusCode).toBe(404);
  });
});

