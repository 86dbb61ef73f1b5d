// Starts and stops a local Hardhat JSON-RPC node: the embedded default chain of TitleLedger.
//
// State does not persist. Hardhat's node keeps the chain in memory and has no database to reopen,
// so a restart begins at block 0 with the same deterministic accounts (the Hardhat mnemonic) and
// therefore the same contract address for the same deployer nonce. The ledger keeps every earlier
// anchor verifiable by rebuilding the chain from its own event log after a restart: redeploying the
// registry and replaying the RootAnchored batches in order. Block numbers and timestamps of the
// replayed anchors are new; roots, batch ids and leaf counts are identical.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { Socket } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** contracts/, whether this module runs from src/ (tests) or dist/ (the built app). */
const contractsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const hardhatConfigPath = path.join(contractsDir, 'hardhat.config.cjs');
const hardhatCli = createRequire(import.meta.url).resolve('hardhat/internal/cli/cli.js');
const exitWithParent = path.join(contractsDir, 'exit-with-parent.cjs');

export interface HardhatNodeOptions {
  /**
   * Where it listens. Unset: a port the node binds itself (port 0) and reports, so no other process
   * can take it between its choice and the bind.
   */
  readonly port?: number;
  /**
   * Where a persistent node would keep its chain. Hardhat cannot (see the note at the top of this
   * file), so it is accepted for interface stability and not used: restart recovery is the ledger's.
   */
  readonly dbPath?: string;
  /** How long to wait for the node to answer JSON-RPC. Default 60 s. */
  readonly startTimeoutMs?: number;
}

export interface NodeExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export interface HardhatNode {
  readonly rpcUrl: string;
  readonly pid: number;
  /** Settles when the node's process ends, for whatever reason (stop(), a crash, the OOM killer). */
  readonly exited: Promise<NodeExit>;
  /** Stops the node and waits for its process to exit. Safe to call twice. */
  stop(): Promise<void>;
}

export async function startHardhatNode(options: HardhatNodeOptions): Promise<HardhatNode> {
  const child = spawn(
    process.execPath,
    ['--require', exitWithParent, hardhatCli, '--config', hardhatConfigPath, 'node', '--port', String(options.port ?? 0), '--hostname', '127.0.0.1'],
    {
      cwd: contractsDir,
      env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true', HARDHAT_NETWORK: undefined },
      // fd 3: a pipe the node watches (exit-with-parent.cjs), closed by our death whatever its cause.
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      // Its own process group: Ctrl-C in a terminal signals the whole foreground group, and the node
      // must not die under the ledger mid-shutdown; the ledger stops it itself, in order.
      detached: true,
    },
  );
  // The node logs every RPC call: keep draining the pipes (a full pipe would block it) and keep the
  // tail for the error message if it dies.
  let tail = '';
  // Its port: the one asked for, or the one the node reports it bound ("… JSON-RPC server at
  // http://127.0.0.1:PORT/"). Each chunk is read whole, with the end of the one before (a line may
  // be split between them): a chunk holding that line and the account list after it could be longer
  // than the tail kept for errors.
  let port = options.port ?? null;
  let carried = '';
  const keepTail = (chunk: Buffer) => {
    const text = chunk.toString();
    tail = (tail + text).slice(-4000);
    if (port === null) {
      const seen = carried + text;
      const reported = /JSON-RPC server at http:\/\/[^/\s]+:(\d+)\//.exec(seen);
      if (reported) port = Number(reported[1]);
      carried = seen.slice(-200);
    }
  };
  child.stdout!.on('data', keepTail);
  child.stderr!.on('data', keepTail);
  const exited: Promise<NodeExit> = once(child, 'exit').then(([code, signal]) => ({ code: code as number | null, signal: signal as NodeJS.Signals | null }));
  // Out of the terminal's group, the node would outlive a crashed parent: kill it on any exit of ours
  // (and, on a death with no exit handler run, it sees its pipe close and ends itself).
  (child.stdio[3] as Socket).unref();
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.removeListener('exit', killOnExit));

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
  };

  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  const where = () => (port === null ? 'the port it was to report' : `http://127.0.0.1:${port}`);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`Hardhat node exited (${child.exitCode ?? child.signalCode}) before answering on ${where()}:\n${tail}`);
    }
    const rpcUrl = port === null ? null : `http://127.0.0.1:${port}`;
    if (rpcUrl && (await answersChainId(rpcUrl))) return { rpcUrl, pid: child.pid!, exited, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Hardhat node did not answer on ${where()} in time:\n${tail}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function answersChainId(rpcUrl: string): Promise<boolean> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1_000),
    });
    const body = (await response.json()) as { result?: unknown };
    return typeof body.result === 'string';
  } catch {
    return false;
  }
}
