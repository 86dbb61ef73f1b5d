// Rotating the registry's signing key (`npm run chain -- rotate-key --new-key FILE`, issue 17 item 2):
// the registry owner binds the new key's fingerprint on chain (AnchorRegistry.rotateKey), the binding
// is recorded in the log (RegistryKeyRotated on `registrykey-<position>`) and in `registry_keys`, and,
// when the key lives in DATA_DIR, the new key file replaces the old one (kept beside it, retired).
// From then on `.tr` bundles and checkpoints are signed with the new key; everything signed before
// keeps verifying with the old one, which GET /api/registry/keys lists with its validity period.
//
// The ledger must be stopped: the rotation holds the ledger's leader lock, so no anchor is sent
// meanwhile (on the embedded chain both are blocks of the one chain rebuilt from the log; on an
// external chain the owner usually is the anchorer, one account with one nonce sequence).
// A rerun after a crash picks up where it stopped: a key bound on chain but not yet in the log is
// adopted from the chain's RegistryKeyBound log, a key in the log but not in the table is recorded.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { handleCommand, loadState, type CommandContext } from '@titleledger/api/domain';
import { registryKeyStream } from '@titleledger/api/events';
import type { EventStore } from '@titleledger/api/eventstore';
import type { Config } from '@titleledger/api/runtime';
import { listRecordedRegistryKeys, registryKeyFile, registryKeyFromPem, type RegistryKey } from '@titleledger/api/transparency';
import { registryKeyDecider, type RegistryKeyRotatedData } from '../anchoring/registry-key-decider.js';
import { LEDGER_LEADER_LOCK } from '../service.js';
import { AnchorChain } from './anchor-chain.js';
import { EMBEDDED_CONTRACT, EMBEDDED_DEPLOYER_KEY, startEmbeddedChain } from './embedded-chain.js';

/** The rotation cannot go ahead as asked; the message says why and what to do. */
export class RotationRefusedError extends Error {
  override name = 'RotationRefusedError';
}

export interface RotateKeyOptions {
  readonly pool: pg.Pool;
  readonly store: EventStore;
  readonly config: Config;
  readonly newKey: RegistryKey;
  /** The chain of the registry: CHAIN_RPC_URL by default; none means the embedded chain. */
  readonly rpcUrl?: string | undefined;
  readonly receiptTimeoutMs?: number;
}

export interface RotationResult {
  readonly position: number;
  readonly fingerprint: string;
  readonly previousFingerprint: string;
  readonly chainId: number;
  readonly contract: string;
  readonly txHash: string;
  readonly blockNumber: number;
  readonly validFrom: Date;
  /** Where the new key was installed (DATA_DIR's key file), and where the old one was put aside. */
  readonly installed: { readonly keyFile: string; readonly retiredFile: string | null } | null;
}

export async function rotateRegistryKey(options: RotateKeyOptions): Promise<RotationResult> {
  const { pool } = options;
  const lock = await pool.connect();
  try {
    const { rows } = await lock.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [LEDGER_LEADER_LOCK]);
    if (!rows[0]!.locked) {
      throw new RotationRefusedError(
        'A ledger is running (it holds the ledger lock): stop `npm start` or every ledger process first, then rotate. ' +
          'A rotation must not race an anchor: both are transactions on the registry, in one order.',
      );
    }
    try {
      return await rotateLocked(options);
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [LEDGER_LEADER_LOCK]);
    }
  } finally {
    lock.release();
  }
}

async function rotateLocked(options: RotateKeyOptions): Promise<RotationResult> {
  const { pool, store, config, newKey } = options;
  const keys = await listRecordedRegistryKeys(pool);
  const current = keys.at(-1);
  if (!current) throw new RotationRefusedError('No registry key is recorded yet: start the registry once (`npm start`), then rotate.');
  const earlier = keys.find((k) => k.fingerprint === newKey.fingerprint);
  if (earlier) {
    throw new RotationRefusedError(
      earlier === current
        ? `${newKey.fingerprint} is the current registry key already (position ${earlier.position}): give the new key's file.`
        : `${newKey.fingerprint} was registry key ${earlier.position} and is retired: a retired key is never bound again. Make a new one (\`npm run keys\`).`,
    );
  }
  const position = current.position + 1;
  const stream = registryKeyStream(position);

  // In the log already (a rerun after the table write failed)? Then only the table is behind.
  const logged = await loadState(store, stream, registryKeyDecider);
  let rotation: RegistryKeyRotatedData;
  if (logged.state.status === 'bound') {
    if (logged.state.rotation.fingerprint !== newKey.fingerprint) {
      throw new RotationRefusedError(
        `The log binds registry key ${position} to ${logged.state.rotation.fingerprint}, not ${newKey.fingerprint}: finish that rotation with its key file.`,
      );
    }
    rotation = logged.state.rotation;
  } else {
    rotation = await bindOnChain(options, position, current.fingerprint);
    const context: CommandContext = {
      actor: { kind: 'system', id: 'registry-key-rotation', role: null },
      correlationId: randomUUID(),
      now: new Date(),
    };
    await handleCommand(store, stream, registryKeyDecider, { type: 'RecordKeyRotation', rotation }, context);
  }

  await pool.query(
    `INSERT INTO registry_keys (position, fingerprint, public_key, bound_chain_id, bound_contract, bound_tx_hash, bound_block_number, valid_from)
     VALUES ($1, $2, $3, $4, $5, $6, $7, to_timestamp($8)) ON CONFLICT (position) DO NOTHING`,
    [position, rotation.fingerprint, rotation.publicKey, rotation.chainId, rotation.contract, rotation.txHash, rotation.blockNumber, rotation.blockTimestamp],
  );

  return {
    position,
    fingerprint: rotation.fingerprint,
    previousFingerprint: rotation.previousFingerprint,
    chainId: rotation.chainId,
    contract: rotation.contract,
    txHash: rotation.txHash,
    blockNumber: rotation.blockNumber,
    validFrom: new Date(rotation.blockTimestamp * 1000),
    installed: config.REGISTRY_SIGNING_KEY ? null : installKeyFile(config.dataDir, newKey),
  };
}

/** Sends rotateKey (or finds it sent before) on the registry's chain; the binding as the log records it. */
async function bindOnChain(options: RotateKeyOptions, position: number, previousFingerprint: string): Promise<RegistryKeyRotatedData> {
  const { config, store, newKey } = options;
  const rpcUrl = options.rpcUrl ?? config.CHAIN_RPC_URL;
  let embedded: Awaited<ReturnType<typeof startEmbeddedChain>> | null = null;
  let chain: AnchorChain;
  if (rpcUrl) {
    if (!config.ANCHOR_CONTRACT) throw new RotationRefusedError('rotate-key on an external chain needs ANCHOR_CONTRACT (the registry to rotate).');
    if (!config.ANCHOR_PRIVATE_KEY) throw new RotationRefusedError("rotate-key needs ANCHOR_PRIVATE_KEY: the registry owner's key (the account that deployed it).");
    chain = new AnchorChain({ rpcUrl, privateKey: config.ANCHOR_PRIVATE_KEY, contract: config.ANCHOR_CONTRACT, timeoutMs: 15_000 });
  } else {
    // The embedded chain lives only while something runs it: rebuild it from the log, as the ledger does.
    const { rows } = await options.pool.query<{ fingerprint: string }>('SELECT fingerprint FROM registry_keys WHERE position = 0');
    embedded = await startEmbeddedChain({ store, registryKeyFingerprint: rows[0]!.fingerprint });
    if (embedded.mismatches.length > 0) {
      await embedded.stop();
      throw new RotationRefusedError(
        `The embedded chain rebuilt from the log does not match it (${embedded.mismatches[0]!.anchored} differs): not rotating on a chain the proofs do not verify against.`,
      );
    }
    chain = new AnchorChain({ rpcUrl: embedded.rpcUrl, privateKey: EMBEDDED_DEPLOYER_KEY, contract: EMBEDDED_CONTRACT, embedded: true });
  }
  try {
    const owner = await chain.owner();
    if (owner !== chain.wallet.address) {
      throw new RotationRefusedError(`The registry at ${chain.contract} is owned by ${owner}; ANCHOR_PRIVATE_KEY is ${chain.wallet.address}'s key. Only the owner rotates.`);
    }
    let binding = (await chain.registryKeyBindings()).find((b) => b.index === position);
    let rawTransaction: string;
    if (binding) {
      // Bound before the log recorded it (a crash in between): adopt it if it is this key.
      if (binding.fingerprint !== newKey.fingerprint) {
        throw new RotationRefusedError(`The registry on chain binds key ${position} to ${binding.fingerprint}, not ${newKey.fingerprint}.`);
      }
      rawTransaction = await chain.rawTransactionOf(binding.txHash);
    } else {
      const signed = await chain.signKeyRotation(newKey.fingerprint, await chain.minedNonce());
      await chain.broadcast(signed.rawTransaction);
      const mined = await waitMined(chain, signed.txHash, options.receiptTimeoutMs ?? 120_000);
      if (mined.status !== 1) throw new Error(`rotateKey transaction ${signed.txHash} reverted`);
      binding = (await chain.registryKeyBindings()).find((b) => b.index === position && b.txHash === signed.txHash);
      if (!binding) throw new Error(`rotateKey ${signed.txHash} was mined but the registry logged no RegistryKeyBound ${position}`);
      rawTransaction = signed.rawTransaction;
    }
    const block = await chain.call<{ timestamp: string }>('eth_getBlockByNumber', [`0x${binding.blockNumber.toString(16)}`, false]);
    return {
      position,
      fingerprint: newKey.fingerprint,
      publicKey: newKey.publicKeyBase64,
      previousFingerprint,
      chainId: await chain.chainId(),
      contract: chain.contract,
      txHash: binding.txHash,
      blockNumber: binding.blockNumber,
      blockTimestamp: Number(BigInt(block.timestamp)),
      rawTransaction,
    };
  } finally {
    await embedded?.stop();
  }
}

async function waitMined(chain: AnchorChain, txHash: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const receipt = await chain.receipt(txHash);
    if (receipt) return receipt;
    if (Date.now() > deadline) throw new Error(`rotateKey transaction ${txHash} was not mined within ${timeoutMs / 1000} s; run the rotation again to pick it up`);
    await sleep(500);
  }
}

/** DATA_DIR's key file becomes the new key; the old one stays beside it as `registry-ed25519.retired-<keyId>.pem`. */
function installKeyFile(dataDir: string, newKey: RegistryKey): { keyFile: string; retiredFile: string | null } {
  const keyFile = registryKeyFile(dataDir);
  let retiredFile: string | null = null;
  if (existsSync(keyFile)) {
    let oldId: string;
    try {
      oldId = registryKeyFromPem(readFileSync(keyFile, 'utf8')).keyId;
    } catch {
      oldId = `unreadable-${Date.now()}`;
    }
    if (oldId === newKey.keyId) return { keyFile, retiredFile: null };
    retiredFile = path.join(dataDir, `registry-ed25519.retired-${oldId}.pem`);
    renameSync(keyFile, retiredFile);
  }
  writeFileSync(keyFile, newKey.privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
  return { keyFile, retiredFile };
}
