#!/usr/bin/env node
// `npm run keys [-- --out FILE] [-- --force]`: writes the secrets of a production-like deployment to a
// .env file (mode 0600) that docker compose reads: the server key, the registry signing key, the
// anchorer's key (from a new mnemonic, which the compose chain funds), the address its first
// deployment will have, and the Postgres password. Refuses to overwrite: replacing these keys makes
// every account, proof and anchor made with the old ones unreadable or unverifiable.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Wallet, getCreateAddress } from 'ethers';

/** @returns {Record<string, string>} */
export function generateKeys() {
  const anchorer = Wallet.createRandom();
  const { privateKey } = generateKeyPairSync('ed25519');
  return {
    SECRET_KEY: randomBytes(32).toString('hex'),
    // One line: compose's .env keeps `\n` inside double quotes as written; the config reads it back as a newline.
    REGISTRY_SIGNING_KEY: String(privateKey.export({ format: 'pem', type: 'pkcs8' })).trim().replaceAll('\n', '\\n'),
    ANCHOR_PRIVATE_KEY: anchorer.privateKey,
    // The local chain funds the accounts of this mnemonic (anvil --mnemonic); on a public chain, fund ANCHOR_ADDRESS instead.
    CHAIN_MNEMONIC: anchorer.mnemonic?.phrase ?? '',
    ANCHOR_ADDRESS: anchorer.address,
    // `npm run chain -- deploy` is the anchorer's first transaction on a fresh chain, so the registry lands here.
    ANCHOR_CONTRACT: getCreateAddress({ from: anchorer.address, nonce: 0 }),
    POSTGRES_PASSWORD: randomBytes(24).toString('hex'),
  };
}

/** @param {Record<string, string>} values */
export function formatDotenv(values) {
  const lines = ['# Made by `npm run keys`. Keep it secret, back it up (docs/operations.md), never commit it.'];
  for (const [name, value] of Object.entries(values)) lines.push(`${name}="${value}"`);
  return `${lines.join('\n')}\n`;
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { values } = parseArgs({ options: { out: { type: 'string' }, force: { type: 'boolean' } } });
  const out = path.resolve(root, values.out ?? '.env');
  if (existsSync(out) && !values.force) {
    console.error(`${out} exists: replacing its keys would make what was made with them unreadable. Use --force to write anyway.`);
    return 1;
  }
  const keys = generateKeys();
  writeFileSync(out, formatDotenv(keys), { mode: 0o600 });
  console.log(`wrote ${out} (mode 0600)`);
  console.log(`  anchorer ${keys.ANCHOR_ADDRESS}; the registry will be deployed at ${keys.ANCHOR_CONTRACT}`);
  console.log('  next: docker compose up --build');
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main();
