// The transparency log over HTTP (no sign-in; reads only):
//   GET /api/log/checkpoint                         latest signed checkpoint (C2SP signed note, text/plain)
//   GET /api/log/checkpoints?from=N&limit=K          {checkpoints: [{treeSize, root, signedAt, note, anchor}]}
//   GET /api/log/checkpoint/anchor                  the latest checkpoint anchored on chain, with its anchor ({anchored:false} before the first)
//   GET /api/registry/keys                          every registry key: public key, fingerprint, validity, on-chain binding
//   GET /api/log/verifier-key                       the note verifier key (name+id+key) checkpoints verify with
//   GET /api/log/proof/inclusion?index=N&treeSize=M {index, treeSize, path: [hex…]}
//   GET /api/log/proof/consistency?from=M&to=N      {from, to, path: [hex…]}
//   GET /api/log/tile/<L>/<N>[.p/<W>]               C2SP tlog-tiles hash tiles
// Sizes are bounded by the latest checkpoint: a client can only check a proof against a signed root.
// The leaves themselves are events, with staff names and e-mails, client IPs, registrants' names and
// admins' reasons in them: only the auditor and the master admin read them (staff's guard).
//   GET /api/log/entries?from=N&limit=K             {entries: [{index, canonical, event}]}
//   GET /api/log/tile/entries/<N>[.p/<W>]           C2SP entry bundles (uint16 length-prefixed leaf bytes)
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError, notFound, validationError } from '../errors.js';
import type { App } from '../http/app.js';
import { toHex } from '../merkle/index.js';
import { binaryBody, textBody } from '../schemas/errors.js';
import {
  checkpointAnchorResponse,
  consistencyProofQuery,
  consistencyProofResponse,
  inclusionProofQuery,
  inclusionProofResponse,
  logCheckpointsQuery,
  logCheckpointsResponse,
  logEntriesQuery,
  logEntriesResponse,
  registryKeysResponse,
  type CheckpointAnchorResponse,
  type RegistryKeysResponse,
  type LogCheckpointResponse,
  type LogEntriesResponse,
} from '../schemas/transparency.js';
import { staffRoute, type StaffRouteSpec } from '../staff/staff-routes.js';
import { consistencyProof, inclusionProof, latestCheckpoint, listCheckpointAnchors, readEntries, type AnchoredCheckpoint, type LogSource } from './log-store.js';
import { registryVerifierKeys } from './log-service.js';
import { listRecordedRegistryKeys } from '../tr-bundle/registry-key-record.js';
import { TILE_WIDTH, decodeTileIndex } from './tiles.js';
import type pg from 'pg';
import { HASH_SIZE } from '../merkle/index.js';

const MAX_ENTRY_BYTES = 0xffff;

/** `<L>/<N…>[.p/<W>]` (or `entries/<N…>[.p/<W>]`) → its parts; undefined when not a canonical tile path. */
export function parseTilePath(path: string): { level: number | 'entries'; index: number; width: number } | undefined {
  const segments = path.split('/');
  let width = TILE_WIDTH;
  if (segments.length >= 3 && segments.at(-2)!.endsWith('.p')) {
    const w = segments.pop()!;
    if (!/^[1-9]\d{0,2}$/.test(w) || Number(w) >= TILE_WIDTH) return undefined;
    width = Number(w);
    segments[segments.length - 1] = segments.at(-1)!.slice(0, -2);
  }
  const [first, ...rest] = segments;
  const level = first === 'entries' ? 'entries' : /^(0|[1-9]\d?)$/.test(first ?? '') && Number(first) <= 63 ? Number(first) : undefined;
  const index = decodeTileIndex(rest);
  if (level === undefined || index === undefined) return undefined;
  return { level, index, width };
}

/** Staff-only calls of the log, listed in the staff authorisation table (staff/access-table.ts). */
export const transparencyStaffRoutes = {
  entries: { method: 'GET', url: '/api/log/entries', access: 'auditor' },
  entryBundles: { method: 'GET', url: '/api/log/tile/entries/*', access: 'auditor' },
} as const satisfies Record<string, StaffRouteSpec>;

export async function entriesPage(pool: pg.Pool, source: LogSource, from: number, limit: number): Promise<LogEntriesResponse> {
  const entries = await readEntries(pool, source, from, limit);
  return { entries: entries.map((e) => ({ index: e.index, canonical: e.canonical.toString('base64'), event: e.event })) };
}

function checkpointJson(checkpoint: AnchoredCheckpoint): LogCheckpointResponse {
  return { treeSize: checkpoint.treeSize, root: toHex(checkpoint.root), signedAt: checkpoint.signedAt.toISOString(), note: checkpoint.note, anchor: checkpoint.anchor };
}

export async function transparencyRoutes(app: App): Promise<void> {
  const { pool, config, store } = app.deps;

  async function signedSize(): Promise<number> {
    const latest = await latestCheckpoint(pool);
    if (!latest) throw new AppError('service_unavailable', 'The log has no signed checkpoint yet; try again in a few seconds.');
    return latest.treeSize;
  }

  function immutable(reply: FastifyReply): FastifyReply {
    return reply.header('cache-control', 'public, max-age=31536000, immutable').type('application/octet-stream');
  }

  const tags = ['transparency log'];
  const text = (summary: string) => ({ tags, summary, response: { 200: { description: summary, content: { 'text/plain': { schema: textBody(summary) } } } } });

  app.get('/log/checkpoint', { schema: text('The latest signed checkpoint (a C2SP signed note)') }, async (_request, reply) => {
    const latest = await latestCheckpoint(pool);
    if (!latest) throw new AppError('service_unavailable', 'The log has no signed checkpoint yet; try again in a few seconds.');
    return reply.header('cache-control', 'public, max-age=5').type('text/plain; charset=utf-8').send(latest.note);
  });

  app.get(
    '/log/checkpoints',
    { schema: { tags, summary: 'Signed checkpoints, oldest first, each with its on-chain anchor (null until anchored)', querystring: logCheckpointsQuery, response: { 200: logCheckpointsResponse } } },
    async (request) => {
      const { from, limit } = request.query;
      return { checkpoints: (await listCheckpointAnchors(pool, { fromSize: from, limit })).map(checkpointJson) };
    },
  );

  app.get(
    '/log/checkpoint/anchor',
    {
      schema: {
        tags,
        summary: 'The latest checkpoint anchored on chain, with its anchor; {anchored: false} until the ledger has anchored one',
        response: { 200: checkpointAnchorResponse },
      },
    },
    async (): Promise<CheckpointAnchorResponse> => {
      const [latest] = await listCheckpointAnchors(pool, { anchoredOnly: true, latestFirst: true, limit: 1 });
      // Not anchored yet is the normal state for minutes after a start, not a missing resource.
      if (!latest?.anchor) {
        return {
          anchored: false,
          message: 'No checkpoint is anchored on chain yet: the ledger anchors the latest one every LEDGER_CHECKPOINT_ANCHOR_ENTRIES entries or LEDGER_CHECKPOINT_ANCHOR_SECONDS.',
        };
      }
      return { ...checkpointJson(latest), anchored: true, anchor: latest.anchor };
    },
  );

  app.get(
    '/registry/keys',
    { schema: { tags, summary: 'Every registry signing key, with its validity period and the transaction that bound it on chain', response: { 200: registryKeysResponse } } },
    async (): Promise<RegistryKeysResponse> => {
      const keys = await listRecordedRegistryKeys(pool);
      return {
        keys: keys.map((key, i) => {
          const next = keys[i + 1];
          const { binding } = key;
          return {
            position: key.position,
            publicKey: key.publicKey,
            fingerprint: key.fingerprint,
            current: next === undefined,
            recordedAt: key.recordedAt.toISOString(),
            validFrom: binding?.validFrom.toISOString() ?? null,
            validTo: next ? (next.binding?.validFrom ?? next.recordedAt).toISOString() : null,
            binding: binding ? { chainId: binding.chainId, contract: binding.contract, txHash: binding.txHash, blockNumber: binding.blockNumber } : null,
          };
        }),
      };
    },
  );

  app.get('/log/verifier-key', { schema: text('The note verifier key checkpoints verify with') }, async (_request, reply) => {
    // The current key's, read each time: a rotation may have recorded a newer key than this process holds.
    const vkey = (await registryVerifierKeys(pool, config)).at(-1)!;
    return reply.type('text/plain; charset=utf-8').send(`${vkey}\n`);
  });

  app.get('/log/proof/inclusion', { schema: { tags, summary: 'An inclusion proof against a signed tree size', querystring: inclusionProofQuery, response: { 200: inclusionProofResponse } } }, async (request) => {
    const { index, treeSize } = request.query;
    const size = await signedSize();
    if (treeSize > size) throw validationError(`treeSize ${treeSize} is beyond the latest checkpoint (size ${size})`);
    const path = await inclusionProof(pool, index, treeSize);
    return { index, treeSize, path: path.map(toHex) };
  });

  app.get('/log/proof/consistency', { schema: { tags, summary: 'A consistency proof between two signed tree sizes', querystring: consistencyProofQuery, response: { 200: consistencyProofResponse } } }, async (request) => {
    const { from, to } = request.query;
    const size = await signedSize();
    if (to > size) throw validationError(`to ${to} is beyond the latest checkpoint (size ${size})`);
    const path = await consistencyProof(pool, from, to);
    return { from, to, path: path.map(toHex) };
  });

  app.route({
    ...staffRoute(transparencyStaffRoutes.entries),
    url: '/log/entries', // under this plugin's /api prefix
    schema: { tags, summary: 'Log entries with their events (auditor or master admin)', querystring: logEntriesQuery, response: { 200: logEntriesResponse } },
    handler: async (request) => {
      const { from, limit } = request.query;
      return entriesPage(pool, store, from, limit);
    },
  });

  app.route({
    ...staffRoute(transparencyStaffRoutes.entryBundles),
    url: '/log/tile/entries/*', // under this plugin's /api prefix
    schema: {
      tags,
      summary: 'C2SP tlog-tiles: an entry bundle entries/<N>[.p/<W>] (auditor or master admin)',
      params: z.object({ '*': z.string().max(200) }),
      response: { 200: { description: 'The entry bundle', content: { 'application/octet-stream': { schema: binaryBody('The entry bundle') } } } },
    },
    handler: async (request, reply) => {
      const tile = parseTilePath(`entries/${request.params['*']}`);
      if (!tile) throw notFound('No such entry bundle: its path is entries/<index as x001/x234/067>[.p/<width>].');
      const entries = await readEntries(pool, store, tile.index * TILE_WIDTH, tile.width);
      if (entries.length < tile.width) throw notFound('That entry bundle is not in the log (yet).');
      const parts: Buffer[] = [];
      for (const entry of entries) {
        if (entry.canonical.length > MAX_ENTRY_BYTES) throw new AppError('unprocessable', `Entry ${entry.index} is longer than an entry bundle can hold; read it from /api/log/entries.`);
        const length = Buffer.alloc(2);
        length.writeUInt16BE(entry.canonical.length);
        parts.push(length, entry.canonical);
      }
      // Immutable, but for the signed-in reader only: no shared cache may keep it.
      return (reply as FastifyReply).header('cache-control', 'private, max-age=31536000, immutable').type('application/octet-stream').send(Buffer.concat(parts));
    },
  });

  app.get(
    '/log/tile/*',
    {
      schema: {
        tags,
        summary: 'C2SP tlog-tiles: a hash tile <L>/<N>[.p/<W>]',
        params: z.object({ '*': z.string().max(200) }),
        response: { 200: { description: 'The tile', content: { 'application/octet-stream': { schema: binaryBody('The tile') } } } },
      },
    },
    async (request, reply) => {
    const tile = parseTilePath(request.params['*']);
    if (!tile || tile.level === 'entries') throw notFound('No such tile: a tile path is <level>/<index as x001/x234/067>[.p/<width>].');
    const { rows } = await pool.query<{ hashes: Buffer }>('SELECT hashes FROM tlog_tiles WHERE level = $1 AND tile_index = $2', [tile.level, tile.index]);
    const hashes = rows[0]?.hashes;
    if (!hashes || hashes.length < tile.width * HASH_SIZE) throw notFound('That tile is not in the log (yet).');
    return immutable(reply).send(hashes.subarray(0, tile.width * HASH_SIZE));
    },
  );
}
