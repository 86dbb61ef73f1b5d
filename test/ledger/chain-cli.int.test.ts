// `npm run chain -- deploy | check` (issue 19 item 3) against a real Hardhat node started here: the
// deploy binds the anchorer's key and the registry key, prints the settings, refuses a second deploy
// on the same chain without --force; check recognises our code and key, and names what is wrong.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getAddress, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registryKeyFromPem } from '@titleledger/api/transparency';
import { startHardhatNode, type HardhatNode } from '@titleledger/contracts/hardhat-node';
import { runScript, type CliResult } from './cli.js';

// Hardhat account #5: no other test here uses it.
const ANCHORER_KEY = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba';
const newPem = () => generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
const REGISTRY_PEM = newPem();

let node: HardhatNode;
let dataDir: string;

beforeAll(async () => {
  node = await startHardhatNode({});
  dataDir = mkdtempSync(path.join(tmpdir(), 'tl-chain-cli-'));
});
afterAll(async () => {
  await node?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function chainCli(args: readonly string[], env: Record<string, string | undefined> = {}): Promise<CliResult> {
  return runScript('ledger/dist/chain/cli.js', args, {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    CHAIN_RPC_URL: undefined,
    ANCHOR_CONTRACT: undefined,
    ANCHOR_PRIVATE_KEY: ANCHORER_KEY,
    REGISTRY_SIGNING_KEY: REGISTRY_PEM,
    ...env,
  });
}

const contractIn = (result: CliResult) => /^ANCHOR_CONTRACT=(0x[0-9a-fA-F]{40})$/m.exec(result.stdout)?.[1];

describe('npm run chain -- deploy', () => {
  let first: string;

  it('deploys with the anchorer key and the registry key, and prints the settings to use', async () => {
    const result = await chainCli(['deploy', '--rpc', node.rpcUrl]);
    expect(result.code, result.stderr).toBe(0);
    first = contractIn(result)!;
    expect(first).toBeDefined();
    expect(result.stdout).toContain(`CHAIN_RPC_URL=${node.rpcUrl}`);
    expect(result.stdout).toContain(`owner and anchorer: ${new Wallet(ANCHORER_KEY).address}`);
    expect(result.stdout).toContain(`registry key bound: ${registryKeyFromPem(REGISTRY_PEM).fingerprint}`);
  });

  it('refuses to deploy a second time on the same chain, unless --force', async () => {
    const again = await chainCli(['deploy', '--rpc', node.rpcUrl]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`A registry was deployed on chain 31337 already: ${first}`);
    expect(again.stderr).toContain('--force');
    expect(contractIn(again)).toBeUndefined();

    const forced = await chainCli(['deploy', '--rpc', node.rpcUrl, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(contractIn(forced)).not.toBe(first);
  });

  it('refuses when ANCHOR_CONTRACT already holds a contract on that chain, even without a local record', async () => {
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'tl-chain-cli-'));
    try {
      const result = await chainCli(['deploy', '--rpc', node.rpcUrl], { DATA_DIR: elsewhere, ANCHOR_CONTRACT: first });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`ANCHOR_CONTRACT=${first} already holds a contract on chain 31337`);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('refuses an anchorer without funds in one sentence: its address, the chain, its balance and the cost', async () => {
    const unfunded = Wallet.createRandom();
    const empty = mkdtempSync(path.join(tmpdir(), 'tl-chain-cli-'));
    try {
      const result = await chainCli(['deploy', '--rpc', node.rpcUrl], { ANCHOR_PRIVATE_KEY: unfunded.privateKey, DATA_DIR: empty });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        new RegExp(`^The anchorer ${unfunded.address} has no funds on chain 31337 \\(balance 0\\.0 ETH; the deployment needs about 0\\.\\d+ ETH\\): fund it`),
      );
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(contractIn(result)).toBeUndefined();
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('says what is missing: the chain, the anchorer key, the registry key', async () => {
    expect((await chainCli(['deploy'])).stderr).toContain('--rpc <url> or CHAIN_RPC_URL');
    const noAnchorer = await chainCli(['deploy', '--rpc', node.rpcUrl], { ANCHOR_PRIVATE_KEY: undefined });
    expect([noAnchorer.code, noAnchorer.stderr.includes('deploy needs ANCHOR_PRIVATE_KEY')]).toEqual([2, true]);
    const empty = mkdtempSync(path.join(tmpdir(), 'tl-chain-cli-'));
    try {
      const noKey = await chainCli(['deploy', '--rpc', node.rpcUrl], { REGISTRY_SIGNING_KEY: undefined, DATA_DIR: empty });
      expect([noKey.code, noKey.stderr.includes('deploy needs the registry key')]).toEqual([2, true]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  describe('npm run chain -- check', () => {
    it('passes for our deployment: our code, our registry key, our anchorer', async () => {
      const result = await chainCli(['check'], { CHAIN_RPC_URL: node.rpcUrl, ANCHOR_CONTRACT: first });
      expect(result.code, result.stdout + result.stderr).toBe(0);
      expect(result.stdout).toContain(`✓ code: the compiled AnchorRegistry (owner ${new Wallet(ANCHORER_KEY).address})`);
      expect(result.stdout).toContain(`✓ registry key: ours (${registryKeyFromPem(REGISTRY_PEM).fingerprint})`);
      expect(result.stdout).toMatch(/check: OK\n$/);
    });

    it('fails naming the registry key when ours is another, and the anchorer when it is not ours', async () => {
      const other = newPem();
      const result = await chainCli(['check', '--rpc', node.rpcUrl, '--contract', first], {
        REGISTRY_SIGNING_KEY: other,
        ANCHOR_PRIVATE_KEY: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
      });
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(`✗ registry key: the chain binds ${registryKeyFromPem(REGISTRY_PEM).fingerprint}`);
      expect(result.stdout).toContain(`ours is ${registryKeyFromPem(other).fingerprint}`);
      expect(result.stdout).toMatch(/✗ anchorer: .* not ANCHOR_PRIVATE_KEY's account/);
      expect(result.stdout).toMatch(/check: FAILED\n$/);
    });

    it('fails where there is no contract (a wrong address, or a chain that forgot)', async () => {
      const nobody = getAddress('0x000000000000000000000000000000000000dead');
      const result = await chainCli(['check', '--rpc', node.rpcUrl, '--contract', nobody]);
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(`✗ no contract at ${nobody} on chain 31337`);
    });
  });
});
