// The public verification API (no sign-in; nothing a verifier sends changes any state):
//   GET  /api/titles/verify/:tr  the registration's public fields (the spec's verify call)
//   GET  /api/titles/by-hash/:h  the registrations whose file (or registration) hash is h: a verifier with only the work
//   GET  /api/ledger/proof/:tr   its Merkle proof and anchor; 202 {status:'pending'} until anchored
//   GET  /api/ledger/status      pending count, last anchored batch, the chain and whether it answers
//   POST /api/ledger/rpc         a READ-ONLY JSON-RPC proxy to the ledger's chain (a browser cannot
//                                reach a local node across origins): reads about our registry only,
//                                screened call by call (rpc-proxy.ts), size-capped, rate-limited per IP
// An archived registration (the Forever Database) leaves search and every list, but verify still
// answers that it existed, whether it was anchored and when it was archived, without its title or
// any personal data; its proof stays available (GET /api/ledger/proof) and `.tr` files keep verifying.
import fastifyRateLimit from '@fastify/rate-limit';
import { z } from 'zod';
import { publicRpcUrl } from '../config.js';
import { AppError, notFound, tooManyRequests } from '../errors.js';
import type { App } from '../http/app.js';
import { validationMessage } from '../http/errors.js';
import { apiErrorSchema } from '../schemas/errors.js';
import {
  ledgerProofPendingSchema,
  ledgerProofSchema,
  ledgerStatusSchema,
  rpcProxyResponseSchema,
  rpcRefusalSchema,
} from '../schemas/anchoring.js';
import { TR_NUMBER_PATTERN } from '../registrations/tr-number.js';
import { titleHashLookupSchema, titleVerificationSchema, type TitleVerification } from '../schemas/admin.js';
import { chainStatus, findAnchoredProof, ledgerSummary } from './anchor-queries.js';
import { callChain } from './chain-call.js';
import { MAX_RPC_BATCH, MAX_RPC_BODY_BYTES, needsChainHead, rpcBodySchema, screenRpcRequest } from './rpc-proxy.js';

const trParams = z.object({
  tr: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(TR_NUMBER_PATTERN, 'TR number must look like TR-COPY-2025-XXXXXXXX')),
});

/** A SHA-256 as people paste it: spaces around it, capitals or a 0x prefix are not a different hash. */
const hashParams = z.object({
  hash: z
    .string()
    .trim()
    .transform((v) => v.replace(/^0x/i, '').toLowerCase())
    .pipe(z.string().regex(/^[0-9a-f]{64}$/, 'A SHA-256 hash is 64 hexadecimal characters (0-9 and a-f)')),
});

/** More registrations of one work than this are not a verifier's question; the oldest come first. */
const MAX_HASH_MATCHES = 20;

const PUBLIC_COLUMNS = `tr_number, title, material_type, status, registration_date, cryptographic_hash, file_content_hash,
  registrant_name, intended_medium, archived, archived_at`;

interface PublicRow {
  tr_number: string;
  title: string;
  material_type: string;
  status: string;
  registration_date: Date;
  cryptographic_hash: string;
  file_content_hash: string;
  registrant_name: string;
  intended_medium: string;
  archived: boolean;
  archived_at: Date | null;
}

export async function ledgerRoutes(app: App): Promise<void> {
  const { pool, config } = app.deps;

  async function rpcUrl(): Promise<string | null> {
    if (config.CHAIN_RPC_URL) return config.CHAIN_RPC_URL;
    return (await chainStatus(pool))?.rpc_url ?? null;
  }

  /** A parameterless read's hex answer from the node at `url`, or null when it gives none in time. */
  async function askChain(url: string, method: 'eth_chainId' | 'eth_blockNumber', timeoutMs: number): Promise<string | null> {
    const { result } = await callChain(url, method, [], timeoutMs).catch(() => ({ result: null }));
    return typeof result === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(result) ? result : null;
  }

  async function chainAnswers(url: string | null): Promise<number | null> {
    const chainId = url ? await askChain(url, 'eth_chainId', 1_500) : null;
    return chainId ? Number(BigInt(chainId)) : null;
  }

  const unreachable = () => new AppError('service_unavailable', 'The chain is unreachable right now. Try again shortly, or use your own RPC.');

  /** The chain's latest block number, which bounds the proxy's eth_getLogs ranges. */
  async function chainHead(url: string): Promise<bigint> {
    const head = await askChain(url, 'eth_blockNumber', 5_000);
    if (!head) throw unreachable();
    return BigInt(head);
  }

  /**
   * A registration's public answer: its public fields, or for an archived one (the Forever Database)
   * only that it existed, whether it was anchored and when it was archived, nothing personal.
   */
  async function publicAnswer(row: PublicRow): Promise<TitleVerification> {
    if (row.archived) {
      // In the Forever Database: it existed and its proof still verifies, but nothing personal is shown.
      const proof = await findAnchoredProof(pool, row.tr_number);
      const archivedOn = (row.archived_at ?? row.registration_date).toISOString();
      return {
        archived: true as const,
        tr_number: row.tr_number,
        status: 'archived' as const,
        registration_date: row.registration_date.toISOString(),
        cryptographic_hash: row.cryptographic_hash,
        file_content_hash: row.file_content_hash,
        anchored: proof !== null,
        archived_at: archivedOn,
        message: `This registration existed${proof ? ' and was anchored on the ledger (its proof still verifies)' : ''}; it was archived on ${archivedOn.slice(0, 10)}.`,
      };
    }
    return {
      archived: false as const,
      tr_number: row.tr_number,
      title: row.title,
      material_type: row.material_type,
      intended_medium: row.intended_medium,
      status: row.status,
      registration_date: row.registration_date.toISOString(),
      cryptographic_hash: row.cryptographic_hash,
      // Beyond the spec's fields: the file's own SHA-256 (printed on the certificate), so a verifier holding the
      // original file can compare it without knowing the registration's encoding.
      file_content_hash: row.file_content_hash,
      registrant_name: row.registrant_name,
    };
  }

  app.get(
    '/titles/verify/:tr',
    {
      schema: {
        tags: ['verification'],
        summary: "A registration's public fields; an archived one answers that it existed, without personal data",
        params: trParams,
        response: { 200: titleVerificationSchema },
      },
    },
    async (request) => {
      const row = (await pool.query<PublicRow>(`SELECT ${PUBLIC_COLUMNS} FROM registrations WHERE tr_number = $1`, [request.params.tr])).rows[0];
      if (!row) throw notFound('Registration not found');
      return publicAnswer(row);
    },
  );

  app.get(
    '/titles/by-hash/:hash',
    {
      schema: {
        tags: ['verification'],
        summary: 'The registrations whose file or registration hash is this SHA-256, oldest first: what a verifier holding only the work (or a hash) looks up',
        params: hashParams,
        response: { 200: titleHashLookupSchema },
      },
    },
    async (request) => {
      const { hash } = request.params;
      // Both hashes are indexed; the oldest registration of a work is the one that says since when it existed.
      const { rows } = await pool.query<PublicRow>(
        `SELECT ${PUBLIC_COLUMNS} FROM registrations WHERE file_content_hash = $1 OR cryptographic_hash = $1
          ORDER BY registration_date, tr_number LIMIT ${MAX_HASH_MATCHES}`,
        [hash],
      );
      const matches = await Promise.all(
        rows.map(async (row) => ({
          ...(await publicAnswer(row)),
          matched: row.file_content_hash === hash ? ('file_content_hash' as const) : ('cryptographic_hash' as const),
        })),
      );
      return { hash, matches };
    },
  );

  app.get(
    '/ledger/proof/:tr',
    {
      schema: {
        tags: ['verification'],
        summary: "A registration's Merkle proof and its anchor; 202 while its batch is not anchored",
        params: trParams,
        response: { 200: ledgerProofSchema, 202: ledgerProofPendingSchema },
      },
    },
    async (request, reply) => {
    const { tr } = request.params;
    const proof = await findAnchoredProof(pool, tr);
    if (!proof) {
      const { rows } = await pool.query<{ archived: boolean }>('SELECT archived FROM registrations WHERE tr_number = $1', [tr]);
      if (!rows[0] || rows[0].archived) throw notFound('Registration not found');
      return reply.status(202).send({
        tr_number: tr,
        status: 'pending' as const,
        message: 'This registration is pending: its batch is not anchored yet, so it has no proof. Ask again in a few seconds.',
      });
    }
    const status = await chainStatus(pool);
    const publicRpc = config.CHAIN_PUBLIC_RPC_URL ?? status?.public_rpc_url ?? publicRpcUrl(config);
    return {
      tr_number: proof.tr_number,
      status: 'anchored' as const,
      leaf: { hash: proof.cryptographic_hash, leafHash: proof.leaf_hash, index: proof.leaf_index },
      proof: { treeSize: proof.tree_size, path: proof.path },
      root: proof.root,
      batchId: Number(proof.batch_id),
      chainId: Number(proof.chain_id),
      contract: proof.contract,
      txHash: proof.tx_hash,
      blockNumber: Number(proof.block_number),
      blockTimestamp: Number(proof.block_timestamp),
      rpcUrl: publicRpc,
    };
    },
  );

  app.get('/ledger/status', { schema: { tags: ['verification'], summary: 'Pending registrations, the last anchored batch, the chain', response: { 200: ledgerStatusSchema } } }, async () => {
    const [summary, status] = await Promise.all([ledgerSummary(pool), chainStatus(pool)]);
    const answeringChainId = await chainAnswers(await rpcUrl());
    return {
      ...summary,
      chainReachable: answeringChainId !== null,
      chainId: answeringChainId ?? (status?.chain_id ? Number(status.chain_id) : null),
      contract: status?.contract ?? config.ANCHOR_CONTRACT ?? null,
      ...(status?.degraded ? { degraded: status.degraded } : {}),
    };
  });

  // Per client IP (request.ip: the socket, or X-Forwarded-For only from proxies the app trusts).
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(`Too many chain reads from your address: at most ${context.max} a minute. Try again in ${context.after}, or use your own RPC.`, {
        retryAfterSeconds: Math.ceil(context.ttl / 1000),
      }),
  });

  app.post(
    '/ledger/rpc',
    {
      bodyLimit: MAX_RPC_BODY_BYTES,
      config: { rateLimit: { max: config.RPC_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags: ['verification'],
        summary: 'A read-only JSON-RPC proxy to the chain: reads about our registry only',
        body: rpcBodySchema,
        response: {
          200: { description: "The node's answer", content: { 'application/json': { schema: rpcProxyResponseSchema } } },
          // A refused call is answered in JSON-RPC (a body that is not JSON-RPC at all, in the usual error shape).
          400: z.union([rpcRefusalSchema, apiErrorSchema]),
          403: rpcRefusalSchema,
          502: { description: "The node's own error answer", content: { 'application/json': { schema: rpcProxyResponseSchema } } },
        },
      },
      schemaErrorFormatter: validationMessage(() => `Send a JSON-RPC 2.0 request (or a batch of up to ${MAX_RPC_BATCH}).`),
    },
    async (request, reply) => {
      const body = request.body;
      const batch = Array.isArray(body);
      const requests = Array.isArray(body) ? body : [body];
      const contract = (await chainStatus(pool))?.contract ?? config.ANCHOR_CONTRACT;
      const url = await rpcUrl();
      if (!url || !contract) throw new AppError('service_unavailable', 'The ledger has no chain configured yet.');
      const head = requests.some(needsChainHead) ? await chainHead(url) : undefined;
      const screened = requests.map((r) => screenRpcRequest(r, contract, head));
      const refused = screened.flatMap((s) => (s.ok ? [] : [s.error]));
      if (refused.length > 0) {
        // A method we never forward is forbidden; a forwardable method with unacceptable params is a bad request.
        const status = refused.some((r) => r.error.code === -32601) ? 403 : 400;
        return reply.status(status).send(batch ? refused : refused[0]!);
      }
      const forwarded = screened.flatMap((s) => (s.ok ? [s.request] : []));
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          // Rebuilt from the validated fields only: nothing else the caller sent reaches the node.
          body: JSON.stringify(batch ? forwarded : forwarded[0]),
          signal: AbortSignal.timeout(5_000),
        });
      } catch {
        throw unreachable();
      }
      // The node's JSON text, passed on unparsed (a string is never re-serialized).
      const answer: unknown = await response.text();
      return reply.status(response.ok ? 200 : 502).type('application/json').send(answer as z.infer<typeof rpcProxyResponseSchema>);
    },
  );
}
