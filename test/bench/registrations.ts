// Title registration (issue 4): registrations/s through the HTTP API with 10 KB files (1 and 16
// clients, p50/p99) beside a bare fastify route taking the same multipart upload; how long a new
// TitleRegistered takes to reach the read model (p95) beside a bare INSERT made visible; certificate
// PDFs/s, p95 and the worst event-loop stall while 20 are made, beside a static PDF route and beside
// rendering on the main thread. Reported, never a failure.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import fastifyMultipart from '@fastify/multipart';
import Fastify from 'fastify';
import type pg from 'pg';
import pino from 'pino';
import { runApp } from '@titleledger/api/runtime';
import { toNewEvents } from '@titleledger/api/domain';
import { embeddedComposition } from '../../scripts/compose.mjs';
import { certificateDocument, QR_PLACEHOLDER } from '../../api/src/certificates/certificate-document.js';
import { pendingCertificate } from '../support/certificate-data.js';
import { armedEventLoopHistogram, longestStall } from '../support/event-loop.js';
import { creatorFlows, fetchSender, registrationFields, registrationIntent } from '../support/flows.js';
import { percentile, printRows, type BenchPostgres, type Row } from './harness.js';

/** Where one client's registration goes (docs/architecture.md, "Registrations: where the time goes"). */
const LATENCY_BOUND =
  'one client, medians of 80 timed in the route (2026-11-27, 2 cores shared by client, API, projections, ledger and Postgres; ~9.4–10 ms in all in that probe): the session check ~0.5 ms; the upload ~1.9 ms (its file and directory flushes then run while the submission is checked); the owner\'s key and the payment read at once, then the one append of payment and title once the upload is on disk ~2 ms; the read-your-writes wait for `registrations` ~1.9 ms (one look, then the runner of the same process says when it has moved); HTTP, multipart and the client ~2.2 ms, against ~1.3 ms for the whole bare route. The first registrations after a start are slower (the row above), most likely while V8 optimises the code and each pooled connection prepares its statements (not told apart)';

/** What bounds registrations under load. */
const LOAD_BOUND =
  'the work itself. Measured at 16 clients in a probe (2026-11-27, 400 registrations, process.cpuUsage and the Postgres processes\' /proc times): a registration costs ~5.4 ms of CPU in this process (API, projections, ledger, transparency log, mail, and this bench\'s own HTTP client, ~20% of the main thread\'s profile samples) and ~2.2 ms in Postgres, ~7.6 ms in all, against ~2.0 ms for a bare upload with its client; that ratio alone caps this figure near 0.26×. What saturates is node\'s main thread (the process used ~1.05 cores, ~0.5 core stayed idle): in `npm start` the API and every background service share it; separate processes (docs/operations.md) spread it, as they would the bare route. Not counted: the certificate rendering each registration gets later (~20–30 ms of CPU, worker threads, deferred past a burst this short; one per registration under load, since it then waits past the anchor)';

const FILE = Buffer.from(randomBytes(7680).toString('base64').slice(0, 10_240));

export function form(sessionId: string, i: number): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(registrationFields(sessionId, { title: `Bench work ${i}`, materialType: 'Book', description: 'benchmark' }))) body.append(k, v);
  body.append('file', new Blob([FILE], { type: 'text/plain' }), `work-${i}.txt`);
  return body;
}

/**
 * Waits until the app is at rest after the loads above: every registration anchored, and the
 * background renderer done with their certificates (the number of rendered files unchanged over
 * four looks 250 ms apart). Certificates are then measured on the serving path alone, as the
 * static route is, not queued behind hundreds of background renderings.
 */
async function atRest(pool: pg.Pool, certificates: string): Promise<void> {
  const pending = async () => (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM registrations WHERE status = 'pending'`)).rows[0]!.n;
  while ((await pending()) > 0) await sleep(250);
  let last = -1;
  for (let same = 0; same < 4; ) {
    const now = existsSync(certificates) ? readdirSync(certificates, { recursive: true }).length : 0;
    same = now === last ? same + 1 : 0;
    last = now;
    await sleep(250);
  }
}

/** Runs `count` calls over `clients` workers; returns calls/s and sorted latencies (ms). */
export async function load(count: number, clients: number, call: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = next++; i < count; i = next++) {
        const t = performance.now();
        await call(i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  return { rate: count / seconds, latencies: latencies.sort((a, b) => a - b) };
}

/** How many bursts of 20 each certificate measure pools. */
const BURSTS = 15;

/** Bursts of 20 requests at once: the median of their p95s, and the rate over the time spent in them. */
class Burst {
  private readonly p95s: number[] = [];
  private seconds = 0;

  async add(call: () => Promise<void>): Promise<void> {
    const { rate, latencies } = await load(20, 20, call);
    this.p95s.push(percentile(latencies, 95));
    this.seconds += 20 / rate;
  }

  get p95(): number {
    return percentile([...this.p95s].sort((a, b) => a - b), 50);
  }

  get rate(): number {
    return (this.p95s.length * 20) / this.seconds;
  }
}

export async function baselineServer() {
  const bare = Fastify();
  await bare.register(fastifyMultipart, { limits: { fileSize: 25 * 1024 * 1024 } });
  bare.post('/upload', async (request, reply) => {
    const fields: Record<string, unknown> = {};
    let sha = '';
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const hash = createHash('sha256');
        for await (const chunk of part.file) hash.update(chunk);
        sha = hash.digest('hex');
      } else fields[part.fieldname] = part.value;
    }
    return reply.status(201).send({ success: true, sha, fields: Object.keys(fields).length });
  });
  bare.get('/pdf', async (_request, reply) => reply.type('application/pdf').send(staticPdf));
  const address = await bare.listen({ host: '127.0.0.1', port: 0 });
  return { url: address, close: () => bare.close() };
}
let staticPdf = Buffer.alloc(0);

export async function benchRegistrations(pg: BenchPostgres, options: { registrations: number }): Promise<void> {
  const { url: databaseUrl, pool } = await pg.database('bench_registrations');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'titleledger-bench-reg-'));
  const running = await runApp({
    ...embeddedComposition(),
    env: { NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    handleSignals: false,
    logger: pino({ level: 'silent' }),
  });
  const base = running.url!;
  const bare = await baselineServer();
  const rows: Row[] = [];
  try {
    const flows = creatorFlows(fetchSender(base));
    const { token } = await flows.signUp();
    const n = options.registrations;
    // Paid sessions made up front: the measured part is the submission alone.
    const sessions: string[] = [];
    // Steady state is measured: the first registrations after a start are slower (most likely V8 not
    // having optimised the code yet, and each pooled connection preparing its statements; not told
    // apart) and are reported apart.
    const warmUp = 100;
    for (let i = 0; i < 2 * n + warmUp; i += 1) sessions.push(await flows.paidSession(token, registrationIntent({ title: 'bench' })));
    let used = 0;
    const trs: string[] = [];
    const register = async (i: number) => {
      const response = await fetch(`${base}/api/copyright/submit-registration`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form(sessions[used++]!, i) });
      const body = (await response.json()) as { tr_number?: string };
      if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${JSON.stringify(body)}`);
      trs.push(body.tr_number!);
    };
    const upload = async (i: number) => {
      const response = await fetch(`${bare.url}/upload`, { method: 'POST', body: form('x', i) });
      await response.json();
    };
    // Both warmed up alike before they are measured (the JIT, the pools' connections).
    const bareFirst = await load(warmUp, 1, upload);
    const first = await load(warmUp, 1, register);
    rows.push({
      name: `p50 latency, 1 client, the first ${warmUp} after a start`, value: percentile(first.latencies, 50), unit: 'ms', baseline: { name: `bare, its first ${warmUp}`, value: percentile(bareFirst.latencies, 50) }, higherIsBetter: false,
    });
    for (const clients of [1, 16]) {
      // Each from rest, the bare route first: the registrations' background work (anchoring, and a
      // certificate rendering each, which waits for a quiet moment of the API) would otherwise run
      // during whatever is measured next. Ours defers its own renderings past a run this short.
      await atRest(pool, path.join(dataDir, 'certificates'));
      const baseline = await load(n, clients, upload);
      const ours = await load(n, clients, register);
      rows.push(
        {
          name: `registrations/s, ${clients} client${clients > 1 ? 's' : ''}, 10 KB`, value: ours.rate, unit: '/s', baseline: { name: 'bare multipart route', value: baseline.rate }, higherIsBetter: true,
          target: clients === 16 ? '≥ 0.5× bare (issue 18)' : undefined, bound: LOAD_BOUND,
        },
        {
          name: `p50 latency, ${clients} client${clients > 1 ? 's' : ''}`, value: percentile(ours.latencies, 50), unit: 'ms', baseline: { name: 'bare', value: percentile(baseline.latencies, 50) }, higherIsBetter: false,
          target: clients === 1 ? '≤ 10 ms (issue 18)' : undefined, bound: LATENCY_BOUND,
        },
        {
          name: `p99 latency, ${clients} client${clients > 1 ? 's' : ''}`, value: percentile(ours.latencies, 99), unit: 'ms', baseline: { name: 'bare', value: percentile(baseline.latencies, 99) }, higherIsBetter: false,
          target: clients === 16 ? '≤ 2× bare (issue 18)' : undefined, bound: LOAD_BOUND,
        },
      );
    }

    // Read-model visibility: append a TitleRegistered as the write side does, poll the table.
    const owner = randomUUID();
    const visible: number[] = [];
    const bareVisible: number[] = [];
    await pool.query('CREATE TABLE IF NOT EXISTS bare_visibility (tr text PRIMARY KEY)');
    for (let i = 0; i < 100; i += 1) {
      const tr = `TR-COPY-2099-B${String(i).padStart(7, '0')}`;
      const data = {
        trNumber: tr, title: 'v', ownerId: owner, registrantName: 'A B', materialType: 'Book', intendedMedium: 'TV', description: '',
        fileContentHash: 'a'.repeat(64), cryptographicHash: 'b'.repeat(64), hashVersion: 1, paymentId: `p${i}`, blobId: 'none',
        fileName: 'x', fileSize: 1, mimeType: 'text/plain', registeredAt: new Date().toISOString(), contact: 'v1.x',
      };
      const t = performance.now();
      await running.store.append(`title-${tr}`, toNewEvents([{ type: 'TitleRegistered', data }], { actor: { kind: 'system', id: 'bench' }, correlationId: 'bench', now: new Date() }), 'no_stream');
      while ((await pool.query('SELECT 1 FROM registrations WHERE tr_number = $1', [tr])).rowCount === 0) await new Promise((r) => setTimeout(r, 1));
      visible.push(performance.now() - t);
      const b = performance.now();
      await pool.query('INSERT INTO bare_visibility (tr) VALUES ($1)', [tr]);
      while ((await pool.query('SELECT 1 FROM bare_visibility WHERE tr = $1', [tr])).rowCount === 0) await new Promise((r) => setTimeout(r, 1));
      bareVisible.push(performance.now() - b);
    }
    visible.sort((a, b) => a - b);
    bareVisible.sort((a, b) => a - b);
    rows.push({ name: 'TitleRegistered → read model, p95', value: percentile(visible, 95), unit: 'ms', baseline: { name: 'bare INSERT then visible', value: percentile(bareVisible, 95) }, higherIsBetter: false, target: '≤ 50 ms', bound: 'the runner hears the append (its wake-up and one read of the log), then the registrations read model commits in a transaction of its own, ahead of the other read models (commitFirstOn); the bare row is visible at its own commit' });

    // Certificates: 20 at once through the API, watching the event loop.
    const tr = trs[0]!;
    const certificate = async () => {
      const response = await fetch(`${base}/api/copyright/download-certificate/${tr}`, { headers: { authorization: `Bearer ${token}` } });
      const pdf = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200) throw new Error(`certificate failed: ${response.status}`);
      staticPdf = pdf;
    };
    await load(4, 2, async () => certificate());
    await atRest(pool, path.join(dataDir, 'certificates'));
    const histogram = await armedEventLoopHistogram(1);
    await load(20, 20, async () => certificate());
    const poolStall = await longestStall(histogram);
    // One burst of 20 lasts a few milliseconds, and its p95 swings with whatever else the machine
    // does then (a stall of the whole process puts all 20 of a burst past a pooled p95): bursts of
    // each kind in turn, BURSTS of each, and the median of their p95s.
    const bursts = { certificate: new Burst(), static: new Burst(), session: new Burst() };
    for (let round = 0; round < BURSTS; round += 1) {
      await bursts.certificate.add(async () => certificate());
      await bursts.static.add(async () => {
        await (await fetch(`${bare.url}/pdf`)).arrayBuffer();
      });
      // What any signed-in request costs here: a route of ours that reads nothing but the session.
      await bursts.session.add(async () => {
        await (await fetch(`${base}/api/registry/public-key`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer();
      });
    }
    // The same document rendered on the main thread: what the worker pool saves the event loop.
    const require = createRequire(path.resolve('api/package.json'));
    const pdfmake = require('pdfmake');
    pdfmake.setFonts({ Helvetica: { normal: 'Helvetica', bold: 'Helvetica-Bold', italics: 'Helvetica-Oblique', bolditalics: 'Helvetica-BoldOblique' }, Courier: { normal: 'Courier', bold: 'Courier-Bold', italics: 'Courier-Oblique', bolditalics: 'Courier-BoldOblique' } });
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((p: string) => /^(Helvetica|Courier)/.test(p));
    const QRCode = require('qrcode');
    const mainThread = await armedEventLoopHistogram(1);
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        const data = pendingCertificate(tr);
        const doc = certificateDocument(data);
        const svg = await QRCode.toString(data.verifyUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
        await pdfmake.createPdf(JSON.parse(JSON.stringify(doc).replace(JSON.stringify(QR_PLACEHOLDER), () => JSON.stringify(svg)))).getBuffer();
      }),
    );
    const mainThreadStall = await longestStall(mainThread);
    rows.push(
      { name: `certificate PDFs/s (20 at once, ${BURSTS} bursts)`, value: bursts.certificate.rate, unit: '/s', baseline: { name: 'static PDF route', value: bursts.static.rate }, higherIsBetter: true },
      {
        name: `certificate p95 of 20 at once (median of ${BURSTS} bursts)`, value: bursts.certificate.p95, unit: 'ms', baseline: { name: 'static PDF route', value: bursts.static.p95 }, higherIsBetter: false, target: '≤ 2× static (issue 18)',
        bound: 'two queries on the request path (the session with its e-mail; the registration with its anchor), each shared by the requests of the same event-loop turn (db/same-turn.ts), for 20 requests at once on 2 cores shared with Postgres and with this bench\'s client; the file itself comes from memory (the cache keeps the last 32 MB served); measured at rest (every registration anchored, background renders done); the static route reads nothing and runs none of our hooks. It sits at the 2× line: in probes of 40 bursts (2026-11-27, medians of the bursts\' p95s) 7.4–9.1 ms against 3.8–4.9 ms static, 1.8–2.1×, after sharing the lookups of a turn (13.2–14.2 ms before), building the security headers once and naming a prepared certificate by its data (together −24% of the API\'s CPU per certificate request). Starting the registration lookup beside the session check instead of after it gave no measurable gain (tried, not kept): the main thread is busy with the burst\'s other requests meanwhile. Most of what remains is writing the responses and the client\'s own work, which the static route has too. Sessions are not cached: a sign-out or a revocation holds at once in every API process',
      },
      { name: `p95 of a route that checks the session only (20 at once, median of ${BURSTS} bursts)`, value: bursts.session.p95, unit: 'ms', baseline: { name: 'static PDF route', value: bursts.static.p95 }, higherIsBetter: false },
      { name: 'max event-loop delay while 20 are made', value: poolStall, unit: 'ms', baseline: { name: 'rendered on the main thread', value: mainThreadStall }, higherIsBetter: false, target: '≤ 50 ms' },
    );
  } finally {
    await bare.close();
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  printRows('Title registration', rows);
}
