// The embedded chain: a local Hardhat node started by the ledger when CHAIN_RPC_URL is not set.
//
// Hardhat keeps its chain in memory, so on every start the chain is REBUILT from the event log,
// deterministically: a fixed genesis (hardhat.config.cjs `initialDate`, Hardhat's fixed accounts),
// the registry deployed by one fixed signed transaction (so it lands at the same address in block 1),
// then every RootAnchored's, CheckpointAnchored's and RegistryKeyRotated's `rawTransaction` replayed in
// block order with `evm_setNextBlockTimestamp` set to its recorded block timestamp. Each replayed transaction must come back with its recorded
// hash and block number: every proof issued before the restart verifies against the rebuilt chain.
// A mismatch is logged loudly and reported (the service marks the ledger degraded).
// The same rebuild runs again whenever the node dies under the ledger (service.ts supervises it).
import { getCreateAddress, Transaction, Wallet, ContractFactory } from 'ethers';
import type { EventStore } from '@titleledger/api/eventstore';
import { anchorRegistryAbi, anchorRegistryBytecode, HARDHAT_CHAIN_ID } from '@titleledger/contracts';
import { startHardhatNode, type HardhatNode, type NodeExit } from '@titleledger/contracts/hardhat-node';
import { eventTypes, isEvent } from '@titleledger/api/events';
/** A transaction recorded in the log as mined on the embedded chain, to replay. */
interface RecordedTransaction {
  readonly anchored: string;
  readonly rawTransaction: string;
  readonly txHash: string;
  readonly blockNumber: number;
  readonly blockTimestamp: number;
}
import { rpcCall } from './json-rpc.js';

/** Hardhat's well-known accounts #0 (deploys the registry) and #1 (anchors): local use only. */
export const EMBEDDED_DEPLOYER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
export const EMBEDDED_ANCHORER_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
/** hardhat.config.cjs initialDate, in seconds; the deploy is mined one second later. */
const EMBEDDED_GENESIS_TIMESTAMP = Date.parse('2025-01-01T00:00:00Z') / 1000;
export const EMBEDDED_CONTRACT = getCreateAddress({ from: new Wallet(EMBEDDED_DEPLOYER_KEY).address, nonce: 0 });
export const EMBEDDED_CHAIN_ID = Number(HARDHAT_CHAIN_ID);

export interface ReplayMismatch {
  /** What the replayed transaction recorded: `batch 3`, `checkpoint 120`, `registry key 1`. */
  readonly anchored: string;
  readonly expected: { txHash: string; blockNumber: number };
  readonly actual: { txHash: string | null; blockNumber: number | null };
}

export interface EmbeddedChain {
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly contract: string;
  readonly anchorerKey: string;
  readonly replayed: number;
  readonly mismatches: readonly ReplayMismatch[];
  /** The node's process id (tests kill it to prove the ledger rebuilds it). */
  readonly pid: number;
  /** Settles when the node's process ends, whether stopped or not: the ledger supervises it. */
  readonly exited: Promise<NodeExit>;
  stop(): Promise<void>;
}

/** The deploy transaction, signed once the same way: nonce 0, fixed fees and gas. */
async function signedEmbeddedDeploy(registryKeyFingerprint: string): Promise<string> {
  const deployer = new Wallet(EMBEDDED_DEPLOYER_KEY);
  const anchorer = new Wallet(EMBEDDED_ANCHORER_KEY);
  const deploy = await new ContractFactory(anchorRegistryAbi, anchorRegistryBytecode).getDeployTransaction(anchorer.address, registryKeyFingerprint);
  return deployer.signTransaction({
    type: 2,
    chainId: HARDHAT_CHAIN_ID,
    nonce: 0,
    data: deploy.data,
    value: 0n,
    gasLimit: 3_000_000n,
    maxFeePerGas: 10_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
  });
}

async function mineAt(rpcUrl: string, raw: string, timestamp: number): Promise<{ txHash: string; blockNumber: number | null }> {
  await rpcCall(rpcUrl, 'evm_setNextBlockTimestamp', [timestamp]);
  const txHash = await rpcCall<string>(rpcUrl, 'eth_sendRawTransaction', [raw]);
  const receipt = await rpcCall<{ blockNumber: string } | null>(rpcUrl, 'eth_getTransactionReceipt', [txHash]);
  return { txHash, blockNumber: receipt ? Number(BigInt(receipt.blockNumber)) : null };
}

/** Every transaction (batch or checkpoint anchor, key rotation) recorded on the embedded chain, in block order. */
async function recordedEmbeddedAnchors(store: EventStore): Promise<RecordedTransaction[]> {
  const anchors: RecordedTransaction[] = [];
  const onEmbedded = (data: { chainId: number; contract: string }) =>
    data.chainId === EMBEDDED_CHAIN_ID && data.contract.toLowerCase() === EMBEDDED_CONTRACT.toLowerCase();
  let from;
  for (;;) {
    const page = await store.readAll({
      ...(from ? { from } : {}),
      maxCount: 5_000,
      eventTypes: eventTypes('RootAnchored', 'CheckpointAnchored', 'RegistryKeyRotated'),
    });
    for (const event of page) {
      if (isEvent(event, 'RootAnchored') && onEmbedded(event.data)) anchors.push({ ...event.data, anchored: `batch ${event.data.batchId}` });
      if (isEvent(event, 'CheckpointAnchored') && onEmbedded(event.data)) anchors.push({ ...event.data, anchored: `checkpoint ${event.data.treeSize}` });
      if (isEvent(event, 'RegistryKeyRotated') && onEmbedded(event.data)) anchors.push({ ...event.data, anchored: `registry key ${event.data.position}` });
    }
    if (page.length < 5_000) break;
    from = page[page.length - 1]!.position;
  }
  return anchors.sort((a, b) => a.blockNumber - b.blockNumber);
}

export async function startEmbeddedChain(options: {
  readonly store: EventStore;
  /** The fingerprint of the registry's first signing key, bound by the deployment. */
  readonly registryKeyFingerprint: string;
  readonly onMismatch?: (mismatch: ReplayMismatch) => void;
}): Promise<EmbeddedChain> {
  const node: HardhatNode = await startHardhatNode({});
  try {
    const rpcUrl = node.rpcUrl;
    const deploy = await mineAt(rpcUrl, await signedEmbeddedDeploy(options.registryKeyFingerprint), EMBEDDED_GENESIS_TIMESTAMP + 1);
    if (deploy.blockNumber !== 1) throw new Error(`The embedded registry was deployed in block ${deploy.blockNumber}, not 1`);
    const mismatches: ReplayMismatch[] = [];
    const anchors = await recordedEmbeddedAnchors(options.store);
    for (const anchor of anchors) {
      let actual: { txHash: string | null; blockNumber: number | null };
      try {
        actual = await mineAt(rpcUrl, anchor.rawTransaction, anchor.blockTimestamp);
      } catch {
        actual = { txHash: Transaction.from(anchor.rawTransaction).hash, blockNumber: null };
      }
      if (actual.txHash !== anchor.txHash || actual.blockNumber !== anchor.blockNumber) {
        const mismatch = { anchored: anchor.anchored, expected: { txHash: anchor.txHash, blockNumber: anchor.blockNumber }, actual };
        mismatches.push(mismatch);
        options.onMismatch?.(mismatch);
      }
    }
    return {
      rpcUrl,
      chainId: EMBEDDED_CHAIN_ID,
      contract: EMBEDDED_CONTRACT,
      anchorerKey: EMBEDDED_ANCHORER_KEY,
      replayed: anchors.length,
      mismatches,
      pid: node.pid,
      exited: node.exited,
      stop: () => node.stop(),
    };
  } catch (error) {
    await node.stop();
    throw error;
  }
}
