// The ledger as a service (composed by scripts/compose.mjs into `npm start`, run alone by main.ts):
// the chain (an embedded Hardhat node rebuilt from the log, or CHAIN_RPC_URL), and, on the one
// instance holding the ledger's Postgres advisory lock, the three workers:
//   Sequencer        TitleRegistered → ledger_leaves (durable, deduplicated leaf indices)
//   AnchorWorker     leaves → BatchSealed → one anchor transaction per batch → RootAnchored
//   ProofsProjection BatchSealed / RootAnchored → registration_proofs, registrations.status
// Nothing here is needed for a registration to succeed: with the chain down, registrations stay
// pending and the worker retries until it is back.
//
// The embedded node is supervised: if its process ends while the ledger runs (a crash, the kernel's
// OOM killer), the anchoring worker stops, the chain is rebuilt from the log exactly as at start
// (retrying with backoff), and a new worker resumes anchoring on it; health says "degraded" with
// the reason meanwhile. A node whose process lives on but answers nothing (busy for good, stopped)
// is asked every few seconds; silent for LEDGER_EMBEDDED_CHAIN_HANG_SECONDS, it is killed, and so
// rebuilt the same way.
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ConfigError,
  LeaderLock,
  type CheckpointedSubscription,
  type ComponentHealth,
  type Service,
  type ServiceContext,
  type ServiceFactory,
} from '@titleledger/api/runtime';
import { AnchorWorker, type BatchRow } from './anchoring/anchor-worker.js';
import { createSequencer } from './batching/sequencer.js';
import { AnchorChain } from './chain/anchor-chain.js';
import { rpcCall } from './chain/json-rpc.js';
import { startEmbeddedChain, type EmbeddedChain, type ReplayMismatch } from './chain/embedded-chain.js';
import { embeddedRegistryKeyFingerprint } from './chain/registry-key-binding.js';
import { createProofsProjection } from './proofs/proofs-projection.js';

/** The leading ledger's advisory lock; `chain -- rotate-key` takes it too, so it never races an anchor. */
export const LEDGER_LEADER_LOCK = 0x6c656467; // "ledg"

export interface LedgerServiceOptions {
  /** Test hook: runs after an anchor transaction is broadcast and before it is recorded. */
  readonly afterBroadcast?: (batch: BatchRow) => Promise<void> | void;
  /** Test hook: the ledger's clock (batch and checkpoint-anchor timers, event times). */
  readonly clock?: () => Date;
}

export interface LedgerStatus {
  readonly leader: boolean;
  readonly chainReachable: boolean;
  readonly chainId: number | null;
  readonly contract: string | null;
  readonly rpcUrl: string;
  readonly embedded: boolean;
  readonly pendingCount: number;
  readonly degraded: string | null;
}

export interface LedgerService extends Service {
  status(): Promise<LedgerStatus>;
  readonly chain: AnchorChain | null;
  /** The embedded node's process id (null with CHAIN_RPC_URL): what a supervision test kills. */
  readonly embeddedChainPid: number | null;
}

/** Anchors announced by env for crash tests: LEDGER_TEST_PAUSE_AFTER_BROADCAST_MS pauses the worker there. */
function envAfterBroadcast(env: NodeJS.ProcessEnv): LedgerServiceOptions['afterBroadcast'] {
  const ms = Number(env.LEDGER_TEST_PAUSE_AFTER_BROADCAST_MS ?? 0);
  if (!ms || env.NODE_ENV === 'production') return undefined;
  return async (batch) => {
    process.stdout.write(`ledger-test: anchor broadcast batch=${batch.batchId} tx=${batch.txHash}\n`);
    await new Promise((resolve) => setTimeout(resolve, ms));
  };
}

export function createLedgerService(options: LedgerServiceOptions = {}): ServiceFactory {
  return (context: ServiceContext): LedgerService => new LedgerServiceImpl(context, options);
}

class LedgerServiceImpl implements LedgerService {
  readonly name = 'ledger';
  chain: AnchorChain | null = null;
  #embedded: EmbeddedChain | null = null;
  #mismatches: ReplayMismatch[] = [];
  #lock: LeaderLock | null = null;
  #running = false;
  #sequencer: CheckpointedSubscription<number> | null = null;
  #worker: AnchorWorker | null = null;
  #proofs: CheckpointedSubscription | null = null;
  #reachable = false;
  /** Why the chain is being rebuilt, while it is. */
  #rebuilding: string | null = null;
  #rebuild: Promise<void> | null = null;
  #stopping = new AbortController();
  /** Asks the embedded node now and then whether it still answers (see the header). */
  #watchdog: NodeJS.Timeout | null = null;
  #silentSince: number | null = null;

  constructor(
    private readonly context: ServiceContext,
    private readonly options: LedgerServiceOptions,
  ) {}

  async start(): Promise<void> {
    const { config } = this.context;
    this.#running = true;
    this.#stopping = new AbortController();
    if (config.CHAIN_RPC_URL) {
      const missing = (['ANCHOR_PRIVATE_KEY', 'ANCHOR_CONTRACT'] as const).filter((name) => !config[name]);
      if (missing.length > 0) throw new ConfigError(missing.map((name) => `${name}: required when CHAIN_RPC_URL is set`));
      this.chain = new AnchorChain({ rpcUrl: config.CHAIN_RPC_URL, privateKey: config.ANCHOR_PRIVATE_KEY!, contract: config.ANCHOR_CONTRACT! });
    } else {
      await this.#startEmbeddedChain();
      const hangMs = config.LEDGER_EMBEDDED_CHAIN_HANG_SECONDS * 1000;
      this.#watchdog = setInterval(() => void this.#watchEmbeddedChain(hangMs), Math.min(10_000, Math.max(250, hangMs / 3)));
      this.#watchdog.unref();
    }
    await this.#probeChain();
    await this.#writeStatus();
    this.#lock = new LeaderLock({
      pool: this.context.pool,
      key: LEDGER_LEADER_LOCK,
      name: 'ledger',
      log: this.context.log,
      lead: () => this.#lead(),
      stepDown: () => this.#stepDown(),
    });
    await this.#lock.start();
  }

  /** Starts (or rebuilds) the embedded node from the log and watches its process. */
  async #startEmbeddedChain(): Promise<void> {
    const { log } = this.context;
    const embedded = await startEmbeddedChain({
      store: this.context.store,
      registryKeyFingerprint: await embeddedRegistryKeyFingerprint(this.context.pool, this.context.config),
      onMismatch: (mismatch) =>
        log.error({ mismatch }, 'LEDGER DEGRADED: a replayed anchor did not land where it was recorded; proofs issued for that batch will not verify on this chain'),
    });
    this.#embedded = embedded;
    this.#mismatches = [...embedded.mismatches];
    log.info({ rpcUrl: embedded.rpcUrl, contract: embedded.contract, replayed: embedded.replayed, pid: embedded.pid }, 'embedded chain rebuilt from the event log');
    this.chain = new AnchorChain({ rpcUrl: embedded.rpcUrl, privateKey: embedded.anchorerKey, contract: embedded.contract, embedded: true });
    void embedded.exited.then((exit) => {
      if (this.#running && this.#embedded === embedded) this.#rebuild = this.#rebuildEmbeddedChain(exit);
    });
  }

  async #rebuildEmbeddedChain(exit: { code: number | null; signal: string | null }): Promise<void> {
    const { log } = this.context;
    this.#rebuilding = `the embedded chain stopped (${exit.signal ?? `exit code ${exit.code}`}); rebuilding it from the event log`;
    log.error({ exit }, `LEDGER DEGRADED: ${this.#rebuilding}`);
    this.#reachable = false;
    await this.#writeStatus();
    // No anchor may reach a chain whose replay is not finished: the worker waits for the new one.
    await this.#worker?.stop();
    this.#worker = null;
    for (let delayMs = 500; this.#running; delayMs = Math.min(delayMs * 2, 30_000)) {
      try {
        await this.#startEmbeddedChain();
        break;
      } catch (error) {
        log.error({ err: error, retryInMs: delayMs }, 'rebuilding the embedded chain failed; retrying');
        await sleep(delayMs, undefined, { signal: this.#stopping.signal }).catch(() => undefined);
      }
    }
    if (!this.#running) return;
    this.#rebuilding = null;
    await this.#probeChain();
    await this.#writeStatus();
    if (this.#lock?.isHeld) this.#startWorker();
    log.info('embedded chain rebuilt after it stopped; anchoring resumed');
  }

  /** Kills the embedded node once it has answered nothing for `hangMs`: its exit rebuilds the chain. */
  async #watchEmbeddedChain(hangMs: number): Promise<void> {
    const embedded = this.#embedded;
    if (!embedded || this.#rebuilding || !this.#running) return;
    try {
      await rpcCall(embedded.rpcUrl, 'eth_chainId', [], Math.min(5_000, hangMs));
      this.#silentSince = null;
    } catch {
      if (this.#embedded !== embedded || this.#rebuilding) return;
      this.#silentSince ??= Date.now();
      if (Date.now() - this.#silentSince < hangMs) return;
      this.#silentSince = null;
      this.context.log.error({ pid: embedded.pid, silentMs: hangMs }, 'LEDGER DEGRADED: the embedded chain answers nothing; killing it to rebuild it from the event log');
      try {
        process.kill(embedded.pid, 'SIGKILL');
      } catch {
        // Gone already: its exit rebuilds it.
      }
    }
  }

  async #probeChain(): Promise<void> {
    try {
      // Asked every time (chainId() is cached): this is the liveness probe.
      await this.chain!.call('eth_chainId');
      this.#reachable = true;
    } catch (error) {
      this.#reachable = false;
      this.context.log.warn({ err: (error as Error).message }, 'chain unreachable; registrations stay pending until it is back');
    }
  }

  async #writeStatus(): Promise<void> {
    const chain = this.chain!;
    let chainId: number | null = null;
    try {
      chainId = await chain.chainId();
    } catch {
      chainId = null;
    }
    await this.context.pool
      .query(
        `INSERT INTO ledger_status (id, chain_id, contract, rpc_url, public_rpc_url, chain_reachable, degraded, updated_at)
         VALUES (1, $1, $2, $3, $4, $5, $6, now())
         ON CONFLICT (id) DO UPDATE SET chain_id = coalesce($1, ledger_status.chain_id), contract = $2, rpc_url = $3,
           public_rpc_url = $4, chain_reachable = $5, degraded = $6, updated_at = now()`,
        [chainId, chain.contract, chain.rpcUrl, this.context.config.CHAIN_PUBLIC_RPC_URL ?? null, this.#reachable, this.#degraded()],
      )
      .catch((error: unknown) => this.context.log.warn({ err: error }, 'could not write ledger_status'));
  }

  #degraded(): string | null {
    if (this.#rebuilding) return this.#rebuilding;
    if (this.#mismatches.length > 0) return `${this.#mismatches.length} replayed anchor(s) did not match the recorded transaction or block`;
    return this.#worker?.degraded ?? null;
  }

  /** On the instance holding the ledger's leader lock: sequencing, anchoring and proofs. */
  async #lead(): Promise<void> {
    const { pool, store, log } = this.context;
    const onError = (what: string) => (error: unknown) => log.error({ err: error }, `${what} failed; retrying`);
    this.#sequencer = createSequencer({ store, pool, onError: onError('sequencing'), onSequenced: (count) => this.#worker?.nudge(count) });
    this.#proofs = createProofsProjection({ store, pool, onError: onError('registration proofs projection') });
    await this.#sequencer.start();
    await this.#proofs.start();
    if (!this.#rebuilding) this.#startWorker();
    log.info('ledger leads: sequencing, anchoring and proofs running');
  }

  async #stepDown(): Promise<void> {
    await this.#worker?.stop();
    this.#worker = null;
    await this.#sequencer?.stop();
    this.#sequencer = null;
    await this.#proofs?.stop();
    this.#proofs = null;
  }

  /** The anchoring worker, on the current chain. */
  #startWorker(): void {
    const { pool, store, log, config } = this.context;
    const afterBroadcast = this.options.afterBroadcast ?? envAfterBroadcast(process.env);
    this.#worker = new AnchorWorker({
      store,
      pool,
      chain: this.chain!,
      policy: { batchSize: config.LEDGER_BATCH_SIZE, batchMs: config.LEDGER_BATCH_SECONDS * 1000 },
      checkpointPolicy: { everyEntries: config.LEDGER_CHECKPOINT_ANCHOR_ENTRIES, everyMs: config.LEDGER_CHECKPOINT_ANCHOR_SECONDS * 1000 },
      log: log.child({ component: 'ledger' }),
      confirmations: config.LEDGER_CONFIRMATIONS,
      ...(afterBroadcast ? { afterBroadcast } : {}),
      ...(this.options.clock ? { clock: this.options.clock } : {}),
      onChainState: (reachable) => {
        if (reachable === this.#reachable) return;
        this.#reachable = reachable;
        void this.#writeStatus();
      },
    });
    this.#worker.start();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#stopping.abort();
    if (this.#watchdog) clearInterval(this.#watchdog);
    this.#watchdog = null;
    await this.#rebuild;
    // Steps down (worker, sequencer, proofs) before the lock is released.
    await this.#lock?.stop();
    await this.#worker?.stop();
    await this.#embedded?.stop();
  }

  get embeddedChainPid(): number | null {
    return this.#embedded?.pid ?? null;
  }

  async status(): Promise<LedgerStatus> {
    await this.#probeChain();
    const { rows } = await this.context.pool.query<{ pending: string }>(
      `SELECT count(*) AS pending FROM ledger_leaves l
        WHERE NOT EXISTS (SELECT 1 FROM registration_proofs p WHERE p.tr_number = l.tr_number AND p.anchored_at IS NOT NULL)`,
    );
    let chainId: number | null = null;
    if (this.#reachable) chainId = await this.chain!.chainId().catch(() => null);
    return {
      leader: this.#lock?.isHeld ?? false,
      chainReachable: this.#reachable,
      chainId,
      contract: this.chain?.contract ?? null,
      rpcUrl: this.chain?.rpcUrl ?? '',
      embedded: this.#embedded !== null,
      pendingCount: Number(rows[0]!.pending),
      degraded: this.#degraded(),
    };
  }

  async health(): Promise<ComponentHealth> {
    const status = await this.status();
    void this.#writeStatus();
    return {
      status: status.degraded || !status.chainReachable ? 'degraded' : 'ok',
      details: {
        leader: status.leader,
        chainReachable: status.chainReachable,
        chainId: status.chainId,
        contract: status.contract,
        embeddedChain: status.embedded,
        pendingCount: status.pendingCount,
        ...(status.degraded ? { degraded: status.degraded } : {}),
      },
    };
  }
}
