#!/usr/bin/env node
// The registry on an external chain (issue 19 item 3):
//   npm run chain -- deploy --rpc URL [--force]   deploy the AnchorRegistry with ANCHOR_PRIVATE_KEY
//                                                 (owner and anchorer) and the registry key's
//                                                 fingerprint; prints ANCHOR_CONTRACT=… to use
//   npm run chain -- check [--rpc URL] [--contract ADDRESS]
//                                                 is the code at ANCHOR_CONTRACT ours, and its key?
//   npm run chain -- rotate-key --new-key FILE [--rpc URL]
//                                                 bind a new registry signing key (PKCS#8 PEM) on
//                                                 chain and record it (rotate-key.ts); the ledger
//                                                 must be stopped
// Reads the same environment as `npm start` (CHAIN_RPC_URL, ANCHOR_PRIVATE_KEY, ANCHOR_CONTRACT,
// REGISTRY_SIGNING_KEY or DATA_DIR/registry-ed25519.pem). Exit 0 on success, 1 on a refusal or a
// failed check, 2 on bad usage.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { ConfigError, loadConfig, runApp } from '@titleledger/api/runtime';
import { readRegistryKey, registryKeyFromPem, type RegistryKey } from '@titleledger/api/transparency';
import { checkRegistry, deployRegistry, DeployRefusedError } from './deployment.js';
import { rotateRegistryKey, RotationRefusedError } from './rotate-key.js';

const USAGE = `usage: npm run chain -- deploy --rpc <url> [--force]
       npm run chain -- check [--rpc <url>] [--contract <address>]
       npm run chain -- rotate-key --new-key <file.pem> [--rpc <url>]`;

async function rotateKey(newKeyFile: string | undefined, rpcUrl: string | undefined): Promise<number> {
  if (!newKeyFile) {
    console.error(`rotate-key needs the new key: --new-key <file> (an Ed25519 private key, PKCS#8 PEM; \`npm run keys\` makes one)\n${USAGE}`);
    return 2;
  }
  let newKey: RegistryKey;
  try {
    newKey = registryKeyFromPem(readFileSync(newKeyFile, 'utf8'));
  } catch (error) {
    console.error(`${newKeyFile}: not an Ed25519 private key in PKCS#8 PEM (${(error as Error).message})`);
    return 2;
  }
  // Without the start-up key check: the configured key may be the lost one this rotation replaces.
  const running = await runApp({ http: false, handleSignals: false, registryKeyCheck: false, serverKey: false, logger: pino({ level: 'warn' }) });
  try {
    const result = await rotateRegistryKey({ pool: running.pool, store: running.store, config: running.config, newKey, rpcUrl });
    console.log(`Registry key ${result.position} bound on chain ${result.chainId} at ${result.contract}`);
    console.log(`  new key:      ${result.fingerprint} (valid from ${result.validFrom.toISOString()})`);
    console.log(`  replaces:     ${result.previousFingerprint} (valid until then; what it signed keeps verifying)`);
    console.log(`  transaction:  ${result.txHash} (block ${result.blockNumber}), recorded in the log and registry_keys`);
    if (result.installed) {
      console.log(`  installed as ${result.installed.keyFile}${result.installed.retiredFile ? `; the old key is kept as ${result.installed.retiredFile}` : ''}`);
      console.log('Start the registry again (`npm start`): it signs with the new key.');
    } else {
      console.log('Set REGISTRY_SIGNING_KEY to the new key on every process (one line, newlines as \\n), then start them again.');
    }
    return 0;
  } finally {
    await running.stop();
  }
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      allowPositionals: true,
      options: {
        rpc: { type: 'string' },
        contract: { type: 'string' },
        force: { type: 'boolean' },
        'new-key': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const [command, ...rest] = args.positionals;
  if (args.values.help || rest.length > 0 || (command !== 'deploy' && command !== 'check' && command !== 'rotate-key')) {
    console.error(USAGE);
    return 2;
  }
  if (command === 'rotate-key') return rotateKey(args.values['new-key'], args.values.rpc);
  const config = loadConfig(process.env);
  const rpcUrl = args.values.rpc ?? config.CHAIN_RPC_URL;
  if (!rpcUrl) {
    console.error(`${command} needs the chain: --rpc <url> or CHAIN_RPC_URL\n${USAGE}`);
    return 2;
  }
  const key = readRegistryKey({ pem: config.REGISTRY_SIGNING_KEY, dataDir: config.dataDir });

  if (command === 'deploy') {
    if (!config.ANCHOR_PRIVATE_KEY) {
      console.error('deploy needs ANCHOR_PRIVATE_KEY (0x + 64 hex): the account that deploys, owns and anchors');
      return 2;
    }
    if (!key) {
      console.error(
        `deploy needs the registry key to bind: set REGISTRY_SIGNING_KEY (\`npm run keys\`), or start once to create ${config.dataDir}/registry-ed25519.pem`,
      );
      return 2;
    }
    const record = await deployRegistry({
      rpcUrl,
      privateKey: config.ANCHOR_PRIVATE_KEY,
      registryKeyFingerprint: key.fingerprint,
      dataDir: config.dataDir,
      configuredContract: config.ANCHOR_CONTRACT,
      force: args.values.force ?? false,
    });
    console.log(`AnchorRegistry deployed on chain ${record.chainId} at ${record.address} (tx ${record.txHash}, block ${record.blockNumber})`);
    console.log(`  owner and anchorer: ${record.owner} (ANCHOR_PRIVATE_KEY)`);
    console.log(`  registry key bound: ${record.registryKeyFingerprint}`);
    console.log(`  recorded in ${config.dataDir}/chain-deployments.json`);
    console.log('Settings to use (with ANCHOR_PRIVATE_KEY and the same registry key):');
    console.log(`CHAIN_RPC_URL=${rpcUrl}`);
    console.log(`ANCHOR_CONTRACT=${record.address}`);
    return 0;
  }

  const contract = args.values.contract ?? config.ANCHOR_CONTRACT;
  if (!contract) {
    console.error(`check needs the contract: --contract <address> or ANCHOR_CONTRACT\n${USAGE}`);
    return 2;
  }
  const result = await checkRegistry({ rpcUrl, contract, registryKeyFingerprint: key?.fingerprint, anchorerKey: config.ANCHOR_PRIVATE_KEY });
  console.log(`AnchorRegistry at ${contract} on chain ${result.chainId} (${rpcUrl}):`);
  for (const line of result.lines) console.log(`  ${line.ok ? '✓' : '✗'} ${line.text}`);
  console.log(result.ok ? 'check: OK' : 'check: FAILED');
  return result.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof DeployRefusedError || error instanceof RotationRefusedError;
    console.error(known ? error.message : error);
    process.exit(1);
  },
);
