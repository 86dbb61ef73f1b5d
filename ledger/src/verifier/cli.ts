#!/usr/bin/env node
// Offline verifier for `.tr` files:
//   npm run verify -- file.tr [--file original] [--rpc URL] [--registry-key KEY]
// KEY is the registry's raw Ed25519 public key in base64 (GET /api/registry/public-key → publicKey),
// or a file holding it or its PEM; TITLELEDGER_REGISTRY_KEY pins one. --rpc defaults to the RPC the
// bundle names (version 2), else http://127.0.0.1:8545. Exit 0 when every check holds, 1 naming the
// failed check, 2 on bad usage.
import { createPublicKey } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { verifyTrBundle } from './verify-bundle.js';

const USAGE = 'usage: npm run verify -- <file.tr> [--file <original>] [--rpc <url>] [--registry-key <base64|file>]';

/** The raw 32 bytes of an Ed25519 public key given in base64, or as a file holding that or its PEM. */
function registryKey(value: string): Uint8Array {
  const text = existsSync(value) ? readFileSync(value, 'utf8').trim() : value.trim();
  const raw = text.includes('BEGIN PUBLIC KEY')
    ? createPublicKey(text).export({ format: 'der', type: 'spki' }).subarray(12)
    : Buffer.from(text, 'base64');
  if (raw.length !== 32) throw new Error(`--registry-key is not an Ed25519 public key (${raw.length} bytes, not 32)`);
  return raw;
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      allowPositionals: true,
      options: { file: { type: 'string' }, rpc: { type: 'string' }, 'registry-key': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const [bundlePath] = args.positionals;
  if (args.values.help || !bundlePath) {
    console.error(USAGE);
    return args.values.help ? 0 : 2;
  }
  let text: string;
  let file: Buffer | undefined;
  let key: Uint8Array | undefined;
  try {
    text = readFileSync(bundlePath, 'utf8');
    if (args.values.file) file = readFileSync(args.values.file);
    const pinned = args.values['registry-key'] ?? process.env.TITLELEDGER_REGISTRY_KEY;
    if (pinned) key = registryKey(pinned);
  } catch (error) {
    console.error(`✗ input: ${(error as Error).message}`);
    return 2;
  }
  const checks = await verifyTrBundle(text, {
    ...(args.values.rpc ? { rpcUrl: args.values.rpc } : {}),
    ...(file ? { file } : {}),
    ...(key ? { registryKey: key } : {}),
  });
  for (const check of checks) console.log(`${check.ok ? '✓' : '✗'} ${check.name}: ${check.detail}`);
  const failed = checks.find((c) => !c.ok);
  if (failed) {
    console.log(`FAILED: ${failed.name}`);
    return 1;
  }
  if (!key) console.log("note: no --registry-key given: the file's own key was checked against the keys the registry bound on chain, not against a key you pinned");
  if (checks.some((c) => c.name === 'chain id' && c.detail.startsWith('chain 31337 '))) {
    console.log(
      'note: chain 31337 is a development chain its operator rebuilds at will: the anchor there proves the proof is consistent, not when it was made; trust rests on the registry key (docs/proof-format.md, "What a dev chain proves")',
    );
  }
  console.log('VERIFIED: every check passed');
  return 0;
}

process.exitCode = await main();
