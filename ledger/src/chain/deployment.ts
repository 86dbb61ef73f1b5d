// Deploying the AnchorRegistry to an external chain and checking a deployment is ours
// (`npm run chain -- deploy | check`, cli.ts), and the start-up check that the chain still holds
// what the log says was anchored on it (a fresh dev node forgets everything).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ContractFactory, formatEther, getAddress, Interface, JsonRpcProvider, Wallet } from 'ethers';
import { anchorRegistryAbi, anchorRegistryBytecode, deployAnchorRegistry, runtimeCodeMismatch } from '@titleledger/contracts';
import { rpcCall } from './json-rpc.js';

const registryInterface = new Interface(anchorRegistryAbi);

/** One deployment made by `npm run chain -- deploy`, as kept in DATA_DIR/chain-deployments.json. */
export interface DeploymentRecord {
  readonly chainId: number;
  readonly address: string;
  readonly txHash: string;
  readonly blockNumber: number;
  readonly owner: string;
  readonly registryKeyFingerprint: string;
  readonly rpcUrl: string;
  readonly deployedAt: string;
}

function deploymentsFile(dataDir: string): string {
  return path.join(dataDir, 'chain-deployments.json');
}

function readDeployments(dataDir: string): DeploymentRecord[] {
  const file = deploymentsFile(dataDir);
  if (!existsSync(file)) return [];
  return JSON.parse(readFileSync(file, 'utf8')) as DeploymentRecord[];
}

function appendDeployment(dataDir: string, record: DeploymentRecord): void {
  mkdirSync(dataDir, { recursive: true });
  const file = deploymentsFile(dataDir);
  const next = `${file}.${process.pid}`;
  writeFileSync(next, `${JSON.stringify([...readDeployments(dataDir), record], null, 2)}\n`);
  renameSync(next, file);
}

async function readCall<T>(rpcUrl: string, contract: string, name: string, args: readonly unknown[] = []): Promise<T> {
  const data = registryInterface.encodeFunctionData(name, args);
  const result = await rpcCall<string>(rpcUrl, 'eth_call', [{ to: contract, data }, 'latest']);
  return registryInterface.decodeFunctionResult(name, result) as unknown as T;
}

async function chainIdOf(rpcUrl: string): Promise<number> {
  return Number(BigInt(await rpcCall<string>(rpcUrl, 'eth_chainId')));
}

export class DeployRefusedError extends Error {
  override name = 'DeployRefusedError';
}

export interface DeployOptions {
  readonly rpcUrl: string;
  /** ANCHOR_PRIVATE_KEY: deploys, owns (rotates the registry key) and anchors. */
  readonly privateKey: string;
  readonly registryKeyFingerprint: string;
  readonly dataDir: string;
  /** ANCHOR_CONTRACT as configured now, if any: a registry of ours there is a deployment already. */
  readonly configuredContract?: string | undefined;
  readonly force?: boolean;
  readonly now?: Date;
}

/**
 * Deploys a registry whose owner and anchorer is the key's account and whose first registry key is
 * `registryKeyFingerprint`, and records it. Refuses (DeployRefusedError) without `force` when this
 * chain id has a recorded deployment or ANCHOR_CONTRACT already holds our registry on it.
 */
export async function deployRegistry(options: DeployOptions): Promise<DeploymentRecord> {
  const chainId = await chainIdOf(options.rpcUrl);
  if (!options.force) {
    const earlier = readDeployments(options.dataDir).filter((d) => d.chainId === chainId);
    if (earlier.length > 0) {
      const last = earlier[earlier.length - 1]!;
      throw new DeployRefusedError(
        `A registry was deployed on chain ${chainId} already: ${last.address} (${last.deployedAt}, recorded in ${deploymentsFile(options.dataDir)}). ` +
          `Use ANCHOR_CONTRACT=${last.address}; deploy another only on purpose, with --force (its anchors start from nothing).`,
      );
    }
    if (options.configuredContract) {
      const code = await rpcCall<string>(options.rpcUrl, 'eth_getCode', [options.configuredContract, 'latest']);
      if (code !== '0x') {
        throw new DeployRefusedError(
          `ANCHOR_CONTRACT=${options.configuredContract} already holds a contract on chain ${chainId}: check it with \`npm run chain -- check\`; deploy another only on purpose, with --force.`,
        );
      }
    }
  }
  const provider = new JsonRpcProvider(options.rpcUrl, chainId, { staticNetwork: true, pollingInterval: 250 });
  try {
    const wallet = new Wallet(options.privateKey, provider);
    const need = await deploymentCost(wallet, options.registryKeyFingerprint);
    const balance = await provider.getBalance(wallet.address);
    if (balance < need) throw unfunded(wallet.address, chainId, balance, need);
    const registry = await deployAnchorRegistry(wallet, wallet.address, options.registryKeyFingerprint).catch((error: unknown) => {
      // The estimate can fall short (fees rose meanwhile): the node's refusal, said the same way.
      throw /insufficient funds|enough funds/i.test(String((error as Error).message)) ? unfunded(wallet.address, chainId, balance, need) : error;
    });
    const receipt = await registry.deploymentTransaction()!.wait();
    const record: DeploymentRecord = {
      chainId,
      address: getAddress(await registry.getAddress()),
      txHash: receipt!.hash,
      blockNumber: receipt!.blockNumber,
      owner: wallet.address,
      registryKeyFingerprint: options.registryKeyFingerprint,
      rpcUrl: options.rpcUrl,
      deployedAt: (options.now ?? new Date()).toISOString(),
    };
    appendDeployment(options.dataDir, record);
    return record;
  } finally {
    provider.destroy();
  }
}

/** What deploying the registry from `wallet` costs at most now: its gas estimate at the current fee per gas. */
async function deploymentCost(wallet: Wallet, registryKeyFingerprint: string): Promise<bigint> {
  const transaction = await new ContractFactory(anchorRegistryAbi, anchorRegistryBytecode, wallet).getDeployTransaction(wallet.address, registryKeyFingerprint);
  const [gas, fees] = await Promise.all([wallet.estimateGas(transaction), wallet.provider!.getFeeData()]);
  return gas * (fees.maxFeePerGas ?? fees.gasPrice ?? 0n);
}

/** The anchorer cannot pay for the deployment: one sentence saying whom to fund, where, and by how much. */
function unfunded(address: string, chainId: number, balance: bigint, need: bigint): DeployRefusedError {
  return new DeployRefusedError(
    `The anchorer ${address} has ${balance === 0n ? 'no funds' : 'too little'} on chain ${chainId} ` +
      `(balance ${formatEther(balance)} ETH; the deployment needs about ${formatEther(need)} ETH): fund it ` +
      '(on a local node: docs/operations.md, "Run"), then deploy again.',
  );
}

export interface CheckResult {
  readonly ok: boolean;
  readonly chainId: number;
  readonly lines: readonly { readonly ok: boolean; readonly text: string }[];
}

/**
 * Whether the code at `contract` is our AnchorRegistry (runtime code equal to the compiled one,
 * the owner immutable included), whether its current registry key is ours, and whether its
 * anchorer is the configured key's account.
 */
export async function checkRegistry(options: {
  readonly rpcUrl: string;
  readonly contract: string;
  readonly registryKeyFingerprint?: string | undefined;
  readonly anchorerKey?: string | undefined;
}): Promise<CheckResult> {
  const chainId = await chainIdOf(options.rpcUrl);
  const lines: { ok: boolean; text: string }[] = [];
  const code = await rpcCall<string>(options.rpcUrl, 'eth_getCode', [options.contract, 'latest']);
  if (code === '0x') {
    lines.push({ ok: false, text: `no contract at ${options.contract} on chain ${chainId} (wrong address, or a chain that forgot its state)` });
    return { ok: false, chainId, lines };
  }
  let owner: string;
  try {
    [owner] = await readCall<[string]>(options.rpcUrl, options.contract, 'owner');
  } catch {
    lines.push({ ok: false, text: `the contract at ${options.contract} does not answer owner(): not an AnchorRegistry` });
    return { ok: false, chainId, lines };
  }
  const mismatch = runtimeCodeMismatch(code, owner);
  lines.push(mismatch ? { ok: false, text: `code: ${mismatch}` } : { ok: true, text: `code: the compiled AnchorRegistry (owner ${owner})` });
  if (mismatch) return { ok: false, chainId, lines };

  const [fingerprint, validFrom] = await readCall<[string, bigint]>(options.rpcUrl, options.contract, 'registryKey');
  const since = new Date(Number(validFrom) * 1000).toISOString();
  if (!options.registryKeyFingerprint) {
    lines.push({ ok: true, text: `registry key: ${fingerprint} since ${since} (no local key to compare)` });
  } else if (fingerprint.toLowerCase() === options.registryKeyFingerprint.toLowerCase()) {
    lines.push({ ok: true, text: `registry key: ours (${fingerprint}), bound since ${since}` });
  } else {
    lines.push({
      ok: false,
      text: `registry key: the chain binds ${fingerprint} since ${since}, ours is ${options.registryKeyFingerprint} (restore the key file, or \`npm run chain -- rotate-key\`)`,
    });
  }
  const [anchorer] = await readCall<[string]>(options.rpcUrl, options.contract, 'anchorer');
  if (options.anchorerKey) {
    const ours = new Wallet(options.anchorerKey).address;
    lines.push(
      anchorer === ours
        ? { ok: true, text: `anchorer: ${anchorer} (ANCHOR_PRIVATE_KEY)` }
        : { ok: false, text: `anchorer: ${anchorer}, not ANCHOR_PRIVATE_KEY's account ${ours}` },
    );
  } else {
    lines.push({ ok: true, text: `anchorer: ${anchorer}` });
  }
  return { ok: lines.every((l) => l.ok), chainId, lines };
}
