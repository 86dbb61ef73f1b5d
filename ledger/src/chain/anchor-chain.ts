// The chain as the anchoring worker sees it: AnchorRegistry reads (anchorOf, lastBatchId, the
// RootAnchored log of a batch id), signing an anchor transaction with a given nonce, broadcasting
// signed bytes (idempotently), and waiting for a receipt. ethers v6 encodes and signs; the calls go
// through json-rpc.ts.
import { getAddress, Interface, Transaction, Wallet, zeroPadValue, toBeHex } from 'ethers';
import { anchorRegistryAbi } from '@titleledger/contracts';
import { JsonRpcError, rpcCall } from './json-rpc.js';

const registryInterface = new Interface(anchorRegistryAbi);
export const ROOT_ANCHORED_TOPIC = registryInterface.getEvent('RootAnchored')!.topicHash;
const CHECKPOINT_ANCHORED_TOPIC = registryInterface.getEvent('CheckpointAnchored')!.topicHash;
const REGISTRY_KEY_BOUND_TOPIC = registryInterface.getEvent('RegistryKeyBound')!.topicHash;
/** The anchor costs 52.4k gas whatever the batch size: a fixed limit with headroom, no estimate call. */
const ANCHOR_GAS_LIMIT = 90_000n;
/** A checkpoint anchor writes two fresh slots and the last size (about 96k the first time). */
const CHECKPOINT_GAS_LIMIT = 160_000n;
/** A rotation reads every earlier key (refusing a retired one) and writes two fresh slots: ample at a few keys. */
const ROTATE_KEY_GAS_LIMIT = 250_000n;

export interface OnChainAnchor {
  readonly batchId: bigint;
  readonly leafCount: bigint;
  readonly timestamp: bigint;
  readonly blockNumber: bigint;
}

export interface AnchorLog {
  readonly txHash: string;
  readonly blockNumber: number;
  readonly root: string;
}

export interface SignedAnchor {
  readonly rawTransaction: string;
  readonly txHash: string;
  readonly nonce: number;
}

export interface MinedAnchor {
  readonly txHash: string;
  readonly blockNumber: number;
  readonly blockTimestamp: number;
  readonly status: number;
}

export interface AnchorChainOptions {
  readonly rpcUrl: string;
  readonly privateKey: string;
  readonly contract: string;
  /** The embedded Hardhat chain: blocks take the wall-clock time (see `beforeBroadcast`). */
  readonly embedded?: boolean;
  readonly timeoutMs?: number;
}

export class AnchorChain {
  readonly rpcUrl: string;
  readonly contract: string;
  readonly wallet: Wallet;
  readonly embedded: boolean;
  #chainId: number | undefined;
  readonly #timeoutMs: number;

  constructor(options: AnchorChainOptions) {
    this.rpcUrl = options.rpcUrl;
    this.contract = getAddress(options.contract);
    this.wallet = new Wallet(options.privateKey);
    this.embedded = options.embedded ?? false;
    this.#timeoutMs = options.timeoutMs ?? 5_000;
  }

  call<T>(method: string, params: readonly unknown[] = []): Promise<T> {
    return rpcCall<T>(this.rpcUrl, method, params, this.#timeoutMs);
  }

  async chainId(): Promise<number> {
    this.#chainId ??= Number(BigInt(await this.call<string>('eth_chainId')));
    return this.#chainId;
  }

  /** Whether the contract has code: a fresh in-memory chain or a wrong address has none. */
  async hasCode(): Promise<boolean> {
    return (await this.call<string>('eth_getCode', [this.contract, 'latest'])) !== '0x';
  }

  async anchorOf(root: string): Promise<OnChainAnchor> {
    const data = registryInterface.encodeFunctionData('anchorOf', [root]);
    const result = await this.call<string>('eth_call', [{ to: this.contract, data }, 'latest']);
    const [batchId, leafCount, timestamp, blockNumber] = registryInterface.decodeFunctionResult('anchorOf', result) as unknown as bigint[];
    return { batchId: batchId!, leafCount: leafCount!, timestamp: timestamp!, blockNumber: blockNumber! };
  }

  async lastBatchId(): Promise<bigint> {
    const result = await this.call<string>('eth_call', [{ to: this.contract, data: registryInterface.encodeFunctionData('lastBatchId') }, 'latest']);
    return registryInterface.decodeFunctionResult('lastBatchId', result)[0] as bigint;
  }

  /** The RootAnchored log of `batchId` (its first indexed topic), if the batch was anchored. */
  async findAnchorLog(batchId: number): Promise<AnchorLog | null> {
    const logs = await this.call<{ transactionHash: string; blockNumber: string; topics: string[] }[]>('eth_getLogs', [
      {
        address: this.contract,
        fromBlock: '0x0',
        toBlock: 'latest',
        topics: [ROOT_ANCHORED_TOPIC, zeroPadValue(toBeHex(batchId), 32)],
      },
    ]);
    const log = logs[0];
    if (!log) return null;
    return { txHash: log.transactionHash, blockNumber: Number(BigInt(log.blockNumber)), root: log.topics[2]! };
  }

  /** What the registry recorded for the checkpoint of `treeSize` (root zero: never anchored). */
  async checkpointOf(treeSize: number): Promise<{ root: string; timestamp: bigint; blockNumber: bigint }> {
    const data = registryInterface.encodeFunctionData('checkpointOf', [treeSize]);
    const result = await this.call<string>('eth_call', [{ to: this.contract, data }, 'latest']);
    const [root, timestamp, blockNumber] = registryInterface.decodeFunctionResult('checkpointOf', result) as unknown as [string, bigint, bigint];
    return { root, timestamp, blockNumber };
  }

  async lastCheckpointSize(): Promise<bigint> {
    const result = await this.call<string>('eth_call', [{ to: this.contract, data: registryInterface.encodeFunctionData('lastCheckpointSize') }, 'latest']);
    return registryInterface.decodeFunctionResult('lastCheckpointSize', result)[0] as bigint;
  }

  /** The CheckpointAnchored log of `treeSize`, if that checkpoint was anchored. */
  async findCheckpointLog(treeSize: number): Promise<AnchorLog | null> {
    const logs = await this.call<{ transactionHash: string; blockNumber: string; topics: string[] }[]>('eth_getLogs', [
      { address: this.contract, fromBlock: '0x0', toBlock: 'latest', topics: [CHECKPOINT_ANCHORED_TOPIC, zeroPadValue(toBeHex(treeSize), 32)] },
    ]);
    const log = logs[0];
    if (!log) return null;
    return { txHash: log.transactionHash, blockNumber: Number(BigInt(log.blockNumber)), root: log.topics[2]! };
  }

  /** Every RegistryKeyBound log of the registry, oldest first: which key, from when, in which transaction. */
  async registryKeyBindings(): Promise<{ index: number; fingerprint: string; validFrom: number; txHash: string; blockNumber: number }[]> {
    const logs = await this.call<{ transactionHash: string; blockNumber: string; topics: string[]; data: string }[]>('eth_getLogs', [
      { address: this.contract, fromBlock: '0x0', toBlock: 'latest', topics: [REGISTRY_KEY_BOUND_TOPIC] },
    ]);
    return logs.map((log) => ({
      index: Number(BigInt(log.topics[1]!)),
      fingerprint: log.topics[2]!.toLowerCase(),
      validFrom: Number(BigInt(log.data)),
      txHash: log.transactionHash,
      blockNumber: Number(BigInt(log.blockNumber)),
    }));
  }

  /** The anchorer's next nonce as mined (pending transactions not counted). */
  async minedNonce(): Promise<number> {
    return Number(BigInt(await this.call<string>('eth_getTransactionCount', [this.wallet.address, 'latest'])));
  }

  /** Signs `anchor(batchId, root, leafCount)` with `nonce`. Same inputs and fees give the same bytes. */
  async signAnchor(batchId: number, root: string, leafCount: number, nonce: number): Promise<SignedAnchor> {
    return this.#sign(registryInterface.encodeFunctionData('anchor', [batchId, root, leafCount]), ANCHOR_GAS_LIMIT, nonce);
  }

  /** Signs `anchorCheckpoint(treeSize, root)` with `nonce`. */
  async signCheckpointAnchor(treeSize: number, root: string, nonce: number): Promise<SignedAnchor> {
    return this.#sign(registryInterface.encodeFunctionData('anchorCheckpoint', [treeSize, root]), CHECKPOINT_GAS_LIMIT, nonce);
  }

  /** Signs `rotateKey(fingerprint)` with `nonce`: valid only from the registry's owner (chain/rotate-key.ts). */
  async signKeyRotation(fingerprint: string, nonce: number): Promise<SignedAnchor> {
    return this.#sign(registryInterface.encodeFunctionData('rotateKey', [fingerprint]), ROTATE_KEY_GAS_LIMIT, nonce);
  }

  /** The registry's owner: the account whose key may rotate the registry key. */
  async owner(): Promise<string> {
    const result = await this.call<string>('eth_call', [{ to: this.contract, data: registryInterface.encodeFunctionData('owner') }, 'latest']);
    return getAddress(registryInterface.decodeFunctionResult('owner', result)[0] as string);
  }

  async #sign(data: string, gasLimit: bigint, nonce: number): Promise<SignedAnchor> {
    const chainId = await this.chainId();
    const block = await this.call<{ baseFeePerGas?: string }>('eth_getBlockByNumber', ['latest', false]);
    let fees: Record<string, bigint | number>;
    if (block.baseFeePerGas !== undefined) {
      const priority = await this.call<string>('eth_maxPriorityFeePerGas').then(BigInt, () => 1_000_000_000n);
      fees = { type: 2, maxPriorityFeePerGas: priority, maxFeePerGas: 2n * BigInt(block.baseFeePerGas) + priority };
    } else {
      fees = { type: 0, gasPrice: BigInt(await this.call<string>('eth_gasPrice')) };
    }
    const rawTransaction = await this.wallet.signTransaction({
      ...fees,
      chainId,
      nonce,
      to: this.contract,
      data,
      value: 0n,
      gasLimit,
    });
    return { rawTransaction, txHash: Transaction.from(rawTransaction).hash!, nonce };
  }

  /**
   * Broadcasts signed bytes. Sending the same bytes twice is harmless: a node that already has them
   * (pending or mined) answers "already known" or "nonce too low", which this treats as sent.
   */
  async broadcast(rawTransaction: string): Promise<void> {
    if (this.embedded) {
      // The embedded chain's genesis is fixed in the past (hardhat.config.cjs initialDate): give
      // each anchor the wall-clock time, strictly after the previous block.
      const latest = await this.call<{ timestamp: string }>('eth_getBlockByNumber', ['latest', false]);
      const next = Math.max(Math.floor(Date.now() / 1000), Number(BigInt(latest.timestamp)) + 1);
      await this.call('evm_setNextBlockTimestamp', [next]);
    }
    try {
      await this.call<string>('eth_sendRawTransaction', [rawTransaction]);
    } catch (error) {
      if (error instanceof JsonRpcError && /already known|known transaction|nonce too low|already imported|AlreadyKnown/i.test(error.message)) return;
      throw error;
    }
  }

  async receipt(txHash: string): Promise<MinedAnchor | null> {
    const receipt = await this.call<{ blockNumber: string; status: string } | null>('eth_getTransactionReceipt', [txHash]);
    if (!receipt) return null;
    const block = await this.call<{ timestamp: string }>('eth_getBlockByNumber', [receipt.blockNumber, false]);
    return {
      txHash,
      blockNumber: Number(BigInt(receipt.blockNumber)),
      blockTimestamp: Number(BigInt(block.timestamp)),
      status: Number(BigInt(receipt.status)),
    };
  }

  async blockNumber(): Promise<number> {
    return Number(BigInt(await this.call<string>('eth_blockNumber')));
  }

  /** The signed bytes of a mined transaction, for one found on chain rather than sent by us. */
  async rawTransactionOf(txHash: string): Promise<string> {
    const tx = await this.call<Record<string, string | null | unknown[]>>('eth_getTransactionByHash', [txHash]);
    const rebuilt = Transaction.from({
      type: Number(BigInt(tx.type as string)),
      chainId: BigInt(tx.chainId as string),
      nonce: Number(BigInt(tx.nonce as string)),
      to: tx.to as string,
      data: tx.input as string,
      value: BigInt(tx.value as string),
      gasLimit: BigInt(tx.gas as string),
      ...(tx.maxFeePerGas
        ? { maxFeePerGas: BigInt(tx.maxFeePerGas as string), maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas as string), accessList: (tx.accessList as []) ?? [] }
        : { gasPrice: BigInt(tx.gasPrice as string) }),
      signature: { r: tx.r as string, s: tx.s as string, v: BigInt(tx.v as string) },
    });
    if (rebuilt.hash !== txHash) throw new Error(`Could not rebuild the signed bytes of ${txHash}`);
    return rebuilt.serialized;
  }
}

