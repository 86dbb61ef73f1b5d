// The background step that keeps the transparency log up with the event log: extend the tree, then
// sign a checkpoint when one is due. Run by the projections service, over either event store.
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import type { Config } from '../config.js';
import { listRecordedRegistryKeys } from '../tr-bundle/registry-key-record.js';
import { loadRegistryKey, publicKeyFromRaw, type RegistryKey } from '../tr-bundle/registry-key.js';
import { verifierKey } from './checkpoint.js';
import { RetiredSignerError, extendLog, latestCheckpoint, signCheckpointIfDue, type LogSource } from './log-store.js';

/** The checkpoint origin for a public URL: scheme-less, no trailing slash, the log's prefix (C2SP tlog-tiles). */
export function logOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.host}${url.pathname.replace(/\/+$/, '')}/api/log`;
}

export function logVerifierKey(origin: string, key: RegistryKey): string {
  return verifierKey(origin, key.publicKey);
}

export interface LogExtender {
  stop(): Promise<void>;
}

export interface LogExtenderOptions {
  readonly origin: string;
  readonly key: RegistryKey;
  /** The pause after a look that found nothing new (default 200 ms); it doubles while nothing comes, up to `idleMaxMs`. */
  readonly intervalMs?: number;
  /** The longest pause (default 1 s, or `intervalMs` if longer): how late a leaf can come after a quiet spell. */
  readonly idleMaxMs?: number;
  readonly checkpointEveryMs?: number;
  readonly onError?: (error: unknown) => void;
}

/** Extends the tree and signs checkpoints until stopped. */
export function startLogExtender(pool: pg.Pool, source: LogSource, options: LogExtenderOptions): LogExtender {
  const stopping = new AbortController();
  const firstPause = options.intervalMs ?? 200;
  const longestPause = Math.max(firstPause, options.idleMaxMs ?? 1000);
  let pause = firstPause;
  let retiredSaid = false;
  const done = (async () => {
    while (!stopping.signal.aborted) {
      try {
        const added = await extendLog(pool, source);
        await signCheckpointIfDue(pool, {
          origin: options.origin,
          signer: options.key,
          minIntervalMs: options.checkpointEveryMs ?? 1000,
          now: new Date(),
        });
        if (added > 0) {
          pause = firstPause;
          continue;
        }
      } catch (error) {
        // A retired key is said once: the tree goes on growing, unsigned by this process, until it is
        // restarted with the new key (or another process signs).
        const repeated = error instanceof RetiredSignerError && retiredSaid;
        if (error instanceof RetiredSignerError) retiredSaid = true;
        if (!stopping.signal.aborted && !repeated) options.onError?.(error);
      }
      await sleep(pause, undefined, { signal: stopping.signal }).catch(() => undefined);
      pause = Math.min(longestPause, pause * 2);
    }
  })();
  return {
    stop: async () => {
      stopping.abort();
      await done;
    },
  };
}

/** The extender as the running configuration wants it (registry key, origin from PUBLIC_URL). */
export function startConfiguredLogExtender(pool: pg.Pool, source: LogSource, config: Config, onError: (error: unknown) => void): LogExtender {
  const key = loadRegistryKey({ pem: config.REGISTRY_SIGNING_KEY, dataDir: config.dataDir });
  return startLogExtender(pool, source, { origin: logOrigin(config.publicUrl), key, onError });
}

async function checkpointOrigin(pool: pg.Pool, config: Config): Promise<string> {
  const latest = await latestCheckpoint(pool);
  return latest ? latest.note.slice(0, latest.note.indexOf('\n')) : logOrigin(config.publicUrl);
}

/** The verifier key of this log: the registry key under the origin its first checkpoint chose (or would choose). */
export async function configuredVerifierKey(pool: pg.Pool, config: Config): Promise<string> {
  return logVerifierKey(await checkpointOrigin(pool, config), loadRegistryKey({ pem: config.REGISTRY_SIGNING_KEY, dataDir: config.dataDir }));
}

/**
 * The verifier keys of every registry key recorded (registry_keys, oldest first; rotations add to
 * it), under the log's origin: each checkpoint verifies with the key current when it was signed.
 * The configured key when none is recorded yet.
 */
export async function registryVerifierKeys(pool: pg.Pool, config: Config): Promise<string[]> {
  const origin = await checkpointOrigin(pool, config);
  const recorded = await listRecordedRegistryKeys(pool);
  if (recorded.length === 0) return [await configuredVerifierKey(pool, config)];
  return recorded.map((key) => verifierKey(origin, publicKeyFromRaw(Buffer.from(key.publicKey, 'base64'))));
}
