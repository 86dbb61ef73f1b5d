// A job run every `intervalMs` in the background, never two at once (a run still going when the next
// is due skips that turn), whose failures are logged and retried at the next turn. `stop` waits for
// the run under way. The e-mail senders drain their queues with it.
//
// Their queues are read-model tables, which the projections process creates (its migrations). An api
// started first finds them missing: that is said once, at info, and the job runs again at each turn
// until the table is there, instead of a warning every few seconds.
import type { Logger } from 'pino';

/** Postgres's undefined_table: `relation "…" does not exist`. */
const isMissingTable = (error: unknown) => (error as { code?: unknown } | null)?.code === '42P01';

export class Every {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<unknown> | null = null;
  #waitingForTable = false;

  constructor(
    private readonly job: () => Promise<unknown>,
    private readonly logger: Logger,
    private readonly failure: string,
  ) {}

  start(intervalMs: number): void {
    const tick = () => {
      if (this.#running) return;
      this.#running = this.job()
        .then(() => (this.#waitingForTable = false))
        .catch((error: unknown) => {
          if (!isMissingTable(error)) return this.logger.warn({ err: error }, this.failure);
          if (!this.#waitingForTable) {
            this.logger.info(`${this.failure}: ${(error as Error).message}; waiting for the projections process to create the read models`);
          }
          this.#waitingForTable = true;
        })
        .finally(() => {
          this.#running = null;
        });
    };
    this.#timer = setInterval(tick, intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
  }
}
