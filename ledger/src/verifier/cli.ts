#!/usr/bin/env node
// Offline verifier for `.tr` files:
//   npm run verify -- file.tr [--file original] [--registry-key KEY] [--contract 0x… --rpc URL]
// and for a certificate's hash without its `.tr` file, by the public proof of its TR number
// (GET /api/ledger/proof/{tr}, saved to a file):
//   npm run verify -- --proof proof.json --hash CRYPTOGRAPHIC_HASH [--contract 0x… --rpc URL]
// or, with no checkout, its one-file build (scripts/bundle-verifier.mjs, served at
// /downloads/titleledger-verify.mjs): node titleledger-verify.mjs file.tr [the same options].
// A file names its own RPC and registry contract, so every check passing only shows it is
// consistent; it is TitleLedger's when something the verifier chose ties it to TitleLedger:
// - --registry-key KEY (or TITLELEDGER_REGISTRY_KEY): the registry's raw Ed25519 public key in base64
//   (GET /api/registry/public-key → publicKey), or a file holding it or its PEM; or
// - --contract 0x… with --rpc URL: TitleLedger's AnchorRegistry on the proof's chain, read over an
//   RPC the verifier trusts (an RPC the file names can lie about any contract).
// --rpc defaults to the RPC the bundle names (version 2), else http://127.0.0.1:8545.
// Exit codes: 0 VERIFIED (every check holds and a pin ties the file to TitleLedger); 1 FAILED, naming
// the failed check; 2 bad usage or unreadable input; 3 NOT VERIFIED: every check holds, but nothing
// the verifier chose ties the file to TitleLedger.
import { createPublicKey } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { verdictOf, verdictOfProof, verifyLedgerProof, verifyTrBundle, type Check, type Verdict, type VerifyOptions } from './verify-bundle.js';

/** How it was started, for the usage line: the one-file build by its name, else from a checkout. */
const program = basename(process.argv[1] ?? '');
const COMMAND = program.endsWith('.mjs') ? `node ${program}` : 'npm run verify --';
const USAGE = [
  `usage: ${COMMAND} <file.tr> [--file <original>] [--registry-key <base64|file>] [--contract <0x…> --rpc <url>]`,
  `   or: ${COMMAND} --proof <proof.json, GET /api/ledger/proof/{TR number} saved> --hash <the certificate's cryptographic hash> [--contract <0x…> --rpc <url>]`,
].join('\n');
const HOW_TO_PIN =
  "pass --registry-key <TitleLedger's public key, from GET /api/registry/public-key> or --contract <TitleLedger's registry, from GET /api/ledger/status> with --rpc <an RPC you trust>; compare either value with a source you trust (e.g. the registry contract on a block explorer), not only with the site";

/** The raw 32 bytes of an Ed25519 public key given in base64, or as a file holding that or its PEM. */
function registryKey(value: string): Uint8Array {
  const text = existsSync(value) ? readFileSync(value, 'utf8').trim() : value.trim();
  const raw = text.includes('BEGIN PUBLIC KEY')
    ? createPublicKey(text).export({ format: 'der', type: 'spki' }).subarray(12)
    : Buffer.from(text, 'base64');
  if (raw.length !== 32) throw new Error(`--registry-key is not an Ed25519 public key (${raw.length} bytes, not 32)`);
  return raw;
}

/** Where each input the checks rely on came from: the verifier, or the file (which a forger writes). */
function describeInputs(options: VerifyOptions, keyFrom: string | undefined): string[] {
  return [
    `input registry key: ${keyFrom ? `pinned by you (${keyFrom})` : "none pinned: the file's own key is checked"}`,
    `input registry contract: ${options.contract ? `${options.contract}, pinned by you (--contract)` : 'from the file (proof.anchor.contract)'}`,
    `input rpc: ${options.rpcUrl ? `${options.rpcUrl}, chosen by you (--rpc)` : 'from the file (chain.rpcUrl)'}`,
  ];
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      allowPositionals: true,
      options: {
        file: { type: 'string' },
        rpc: { type: 'string' },
        contract: { type: 'string' },
        'registry-key': { type: 'string' },
        proof: { type: 'string' },
        hash: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (args.values.help) {
    console.error(USAGE);
    return 0;
  }
  const { contract } = args.values;
  if (contract !== undefined && !/^0x[0-9a-fA-F]{40}$/.test(contract)) {
    console.error(`✗ input: --contract must be an address, 0x and 40 hex digits, not ${JSON.stringify(contract)}\n${USAGE}`);
    return 2;
  }
  if (args.values.proof !== undefined) return verifyProofFile(args.values.proof, { ...args.values, positionals: args.positionals });
  const [bundlePath] = args.positionals;
  if (!bundlePath) {
    console.error(USAGE);
    return 2;
  }
  if (args.values.hash !== undefined) {
    console.error(`✗ input: --hash goes with --proof; a .tr file carries its own hash\n${USAGE}`);
    return 2;
  }
  let text: string;
  let file: Buffer | undefined;
  let key: Uint8Array | undefined;
  const keyFrom = args.values['registry-key'] ? '--registry-key' : process.env.TITLELEDGER_REGISTRY_KEY ? 'TITLELEDGER_REGISTRY_KEY' : undefined;
  try {
    text = readFileSync(bundlePath, 'utf8');
    if (args.values.file) file = readFileSync(args.values.file);
    const pinned = args.values['registry-key'] ?? process.env.TITLELEDGER_REGISTRY_KEY;
    if (pinned) key = registryKey(pinned);
  } catch (error) {
    console.error(`✗ input: ${(error as Error).message}`);
    return 2;
  }
  const options: VerifyOptions = {
    ...(args.values.rpc ? { rpcUrl: args.values.rpc } : {}),
    ...(contract ? { contract } : {}),
    ...(file ? { file } : {}),
    ...(key ? { registryKey: key } : {}),
  };
  for (const line of describeInputs(options, keyFrom)) console.log(line);
  const checks = await verifyTrBundle(text, options);
  return report(checks, verdictOf(checks, options), { what: 'the file', howToPin: HOW_TO_PIN, onDevChain: 'trust rests on the registry key' });
}

/** --proof: the public proof of a TR number, checked against the hash the verifier holds. */
async function verifyProofFile(proofPath: string, values: { hash?: string; file?: string; 'registry-key'?: string; rpc?: string; contract?: string; positionals: string[] }): Promise<number> {
  const refused = values.positionals.length > 0
    ? 'give either a .tr file or --proof, not both'
    : values.hash === undefined
      ? "--proof needs --hash: the cryptographic hash you hold (the certificate's), which the proof must be for"
      : values.file !== undefined
        ? "--file needs the .tr file: a certificate's hash commits to the work with a salt only the .tr file holds (to find a work's registrations by its SHA-256, use GET /api/titles/by-hash/{sha256})"
        : values['registry-key'] !== undefined
          ? 'a proof is not signed: pin the registry contract with --contract and --rpc'
          : null;
  if (refused) {
    console.error(`✗ input: ${refused}\n${USAGE}`);
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(proofPath, 'utf8');
  } catch (error) {
    console.error(`✗ input: ${(error as Error).message}`);
    return 2;
  }
  const options = { ...(values.rpc ? { rpcUrl: values.rpc } : {}), ...(values.contract ? { contract: values.contract } : {}) };
  console.log(`input hash: ${values.hash!.trim()}, given by you (--hash)`);
  console.log(`input registry contract: ${options.contract ? `${options.contract}, pinned by you (--contract)` : 'from the proof (contract)'}`);
  console.log(`input rpc: ${options.rpcUrl ? `${options.rpcUrl}, chosen by you (--rpc)` : 'from the proof (rpcUrl)'}`);
  const checks = await verifyLedgerProof(text, values.hash!, options);
  return report(checks, verdictOfProof(checks, options), {
    what: 'the proof',
    howToPin: "pass --contract <TitleLedger's registry, from GET /api/ledger/status> with --rpc <an RPC you trust>; compare the contract with a source you trust (e.g. on a block explorer), not only with the site",
    onDevChain: 'a proof carries no signature, so there it proves no more than the registry that rebuilt the chain says (the owner\'s .tr file, signed by the registry key, proves more)',
  });
}

/** Prints the checks and the verdict; gives the exit code. */
function report(checks: readonly Check[], verdict: Verdict, { what, howToPin, onDevChain }: { what: string; howToPin: string; onDevChain: string }): number {
  for (const check of checks) console.log(`${check.ok ? '✓' : '✗'} ${check.name}: ${check.detail}`);
  if (verdict.status === 'failed') {
    console.log(`FAILED: ${verdict.failed.name}`);
    return 1;
  }
  if (checks.some((c) => c.name === 'chain id' && c.detail.startsWith('chain 31337 '))) {
    console.log(
      `note: chain 31337 is a development chain its operator rebuilds at will: the anchor there proves the proof is consistent, not when it was made; ${onDevChain} (docs/proof-format.md, "What a dev chain proves")`,
    );
  }
  if (verdict.status === 'not tied') {
    console.log(`NOT VERIFIED: ${what} is consistent, but nothing ties it to TitleLedger's registry (${verdict.reason}): ${howToPin}`);
    return 3;
  }
  const by = verdict.pinnedBy.map((pin) => (pin === 'registry key' ? 'the registry key you pinned' : 'the registry contract you pinned, read over your RPC')).join(' and ');
  console.log(`VERIFIED: every check passed, tied to TitleLedger's registry by ${by}`);
  return 0;
}

process.exitCode = await main();
