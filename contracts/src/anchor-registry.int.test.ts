// AnchorRegistry on a real EVM: Hardhat's in-process network (no node process, no compiler download),
// driven through ethers exactly as the ledger will drive a remote chain.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BrowserProvider,
  type CallExceptionError,
  type Eip1193Provider,
  Interface,
  isError,
  type JsonRpcSigner,
  keccak256,
  toUtf8Bytes,
  type TransactionReceipt,
  ZeroHash,
} from 'ethers';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AnchorRegistry, anchorRegistryAbi, anchorRegistryAt, deployAnchorRegistry, HARDHAT_CHAIN_ID } from './index.js';
import { startHardhatNode } from './hardhat-node.js';

// Measured 71.5k. The floor for serving both lookups from storage is 65.2k: the 21,000 of any
// transaction plus two fresh storage slots (root -> record, batch id -> root) at 22,100 each. See
// AnchorRegistry.sol for the ~52k variant that gives up the batch id -> root view.
const GAS_BUDGET = 72_000n;

const rootOf = (label: string) => keccak256(toUtf8Bytes(label));

let provider: BrowserProvider;
let owner: JsonRpcSigner;
let anchorer: JsonRpcSigner;
let stranger: JsonRpcSigner;

beforeAll(async () => {
  process.env.HARDHAT_CONFIG = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'hardhat.config.cjs');
  process.env.HARDHAT_DISABLE_TELEMETRY_PROMPT = 'true';
  const hre = (await import('hardhat')).default;
  provider = new BrowserProvider(hre.network.provider as Eip1193Provider);
  owner = await provider.getSigner(0);
  anchorer = await provider.getSigner(1);
  stranger = await provider.getSigner(2);
});

async function deploy(): Promise<{ registry: AnchorRegistry; asAnchorer: AnchorRegistry; asStranger: AnchorRegistry }> {
  const registry = await deployAnchorRegistry(owner, anchorer.address);
  const address = await registry.getAddress();
  return { registry, asAnchorer: anchorRegistryAt(address, anchorer), asStranger: anchorRegistryAt(address, stranger) };
}

/** The events a receipt carries, decoded with the registry's ABI. */
function eventsOf(registry: AnchorRegistry, receipt: TransactionReceipt | null) {
  return (receipt?.logs ?? []).map((log) => {
    const parsed = registry.interface.parseLog(log);
    return { name: parsed?.name, args: parsed ? [...parsed.args] : [] };
  });
}

const registryInterface = new Interface(anchorRegistryAbi);

/**
 * Asserts a transaction reverts with custom error `name` and arguments `args`. The revert surfaces
 * from the signer's gas estimate, where ethers keeps the raw revert data but does not decode it.
 */
async function expectRevert(call: Promise<unknown>, name: string, args: unknown[] = []) {
  const error: unknown = await call.then(
    () => expect.fail(`expected a revert with ${name}`),
    (e: unknown) => e,
  );
  expect(isError(error, 'CALL_EXCEPTION'), String(error)).toBe(true);
  const decoded = registryInterface.parseError((error as CallExceptionError).data ?? '0x');
  expect({ name: decoded?.name, args: decoded ? [...decoded.args] : [] }).toEqual({ name, args });
}

describe('AnchorRegistry', () => {
  it('deploys with the deployer as owner and the given anchorer', async () => {
    const { registry } = await deploy();
    expect((await provider.getNetwork()).chainId).toBe(HARDHAT_CHAIN_ID);
    expect(await registry.owner()).toBe(owner.address);
    expect(await registry.anchorer()).toBe(anchorer.address);
    const receipt = await registry.deploymentTransaction()!.wait();
    expect(eventsOf(registry, receipt)).toEqual([
      { name: 'AnchorerChanged', args: ['0x0000000000000000000000000000000000000000', anchorer.address] },
    ]);
  });

  it('anchors a root, emits RootAnchored with its arguments, and answers both lookups', async () => {
    const { registry, asAnchorer } = await deploy();
    const root = rootOf('batch 7');
    const receipt = await (await asAnchorer.anchor(7n, root, 1_234n)).wait();
    const block = await provider.getBlock(receipt!.blockNumber);

    expect(eventsOf(registry, receipt)).toEqual([
      { name: 'RootAnchored', args: [7n, root, 1_234n, BigInt(block!.timestamp)] },
    ]);
    const anchor = await registry.anchorOf(root);
    const { batchId, leafCount, timestamp, blockNumber } = anchor;
    expect({ batchId, leafCount, timestamp, blockNumber }).toEqual({
      batchId: 7n,
      leafCount: 1_234n,
      timestamp: BigInt(block!.timestamp),
      blockNumber: BigInt(receipt!.blockNumber),
    });
    expect(await registry.isAnchored(root)).toBe(true);
    expect(await registry.rootOf(7n)).toBe(root);
  });

  it('reports unknown roots and batches as absent (zeros)', async () => {
    const { registry } = await deploy();
    expect(await registry.isAnchored(rootOf('never'))).toBe(false);
    expect([...(await registry.anchorOf(rootOf('never')))]).toEqual([0n, 0n, 0n, 0n]);
    expect(await registry.rootOf(99n)).toBe(ZeroHash);
  });

  it('lets only the anchorer anchor', async () => {
    const { asStranger, registry } = await deploy();
    await expectRevert(asStranger.anchor(1n, rootOf('x'), 1n), 'AnchorRegistryUnauthorizedAnchorer', [stranger.address]);
    await expectRevert(
      anchorRegistryAt(await registry.getAddress(), owner).anchor(1n, rootOf('x'), 1n),
      'AnchorRegistryUnauthorizedAnchorer',
      [owner.address],
    );
  });

  it('refuses a batch id or a root anchored before', async () => {
    const { asAnchorer } = await deploy();
    await (await asAnchorer.anchor(1n, rootOf('first'), 10n)).wait();
    await expectRevert(asAnchorer.anchor(1n, rootOf('second'), 10n), 'AnchorRegistryBatchAlreadyAnchored', [1n]);
    await expectRevert(asAnchorer.anchor(2n, rootOf('first'), 10n), 'AnchorRegistryRootAlreadyAnchored', [rootOf('first')]);
  });

  it('refuses the zero root and an empty batch', async () => {
    const { asAnchorer } = await deploy();
    await expectRevert(asAnchorer.anchor(1n, ZeroHash, 1n), 'AnchorRegistryEmptyRoot');
    await expectRevert(asAnchorer.anchor(1n, rootOf('r'), 0n), 'AnchorRegistryEmptyBatch');
  });

  it('lets only the owner change the anchorer, and the old anchorer is then refused', async () => {
    const { registry, asAnchorer, asStranger } = await deploy();
    await expectRevert(asStranger.setAnchorer(stranger.address), 'AnchorRegistryUnauthorizedAccount', [stranger.address]);
    await expectRevert(asAnchorer.setAnchorer(stranger.address), 'AnchorRegistryUnauthorizedAccount', [anchorer.address]);
    await expectRevert(registry.setAnchorer('0x0000000000000000000000000000000000000000'), 'AnchorRegistryInvalidAnchorer', [
      '0x0000000000000000000000000000000000000000',
    ]);

    const receipt = await (await registry.setAnchorer(stranger.address)).wait();
    expect(eventsOf(registry, receipt)).toEqual([{ name: 'AnchorerChanged', args: [anchorer.address, stranger.address] }]);
    expect(await registry.anchorer()).toBe(stranger.address);
    await expectRevert(asAnchorer.anchor(1n, rootOf('r'), 1n), 'AnchorRegistryUnauthorizedAnchorer', [anchorer.address]);
    await (await asStranger.anchor(1n, rootOf('r'), 1n)).wait();
    expect(await registry.rootOf(1n)).toBe(rootOf('r'));
  });

  it('costs the same gas per anchor whatever the batch size', async () => {
    const { asAnchorer } = await deploy();
    const gasFor = async (batchId: bigint, leafCount: bigint) => {
      const receipt = await (await asAnchorer.anchor(batchId, rootOf(`gas ${batchId}`), leafCount)).wait();
      return receipt!.gasUsed;
    };
    const sizes = [1n, 1_000n, 1_000_000n, 2n ** 40n];
    const gas: bigint[] = [];
    for (const [i, leafCount] of sizes.entries()) gas.push(await gasFor(1_000n + BigInt(i), leafCount));
    console.info(`AnchorRegistry.anchor gas used per batch size: ${sizes.map((s, i) => `${s} leaves → ${gas[i]}`).join(', ')}`);
    // Only calldata differs (a zero byte costs 4 gas, a non-zero one 16): at most 5 more non-zero bytes.
    const spread = gas.reduce((a, b) => (a > b ? a : b)) - gas.reduce((a, b) => (a < b ? a : b));
    expect(spread).toBeLessThanOrEqual(5n * 12n);
    for (const g of gas) expect(g).toBeLessThanOrEqual(GAS_BUDGET);
  });
});

describe('startHardhatNode', () => {
  it('starts a node that answers JSON-RPC on the Hardhat chain id, and stops it', async () => {
    const node = await startHardhatNode({ port: 18_545 + (process.pid % 1000) });
    try {
      const response = await fetch(node.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      expect(BigInt(((await response.json()) as { result: string }).result)).toBe(HARDHAT_CHAIN_ID);
    } finally {
      await node.stop();
    }
    await expect(fetch(node.rpcUrl, { method: 'POST' })).rejects.toThrow();
  });
});
