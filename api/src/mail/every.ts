// A job run every `intervalMs` in the background, never two at once (a run still going when the next
// is due skips that turn), whose failures are logged and retried at the next turn. `stop` waits for
// the run under way. The e-mail senders drain their queues with it.
import type { Logger } from 'pino';

export class Every {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<unknown> | null = null;

  constructor(
    private readonly job: () => Promise<unknown>,
    private readonly logger: Logger,
    private readonly failure: string,
  ) {}

  start(intervalMs: number): void {
    const tick = () => {
      if (this.#running) return;
      this.#running = this.job()
        .catch((error: unknown) => this.logger.warn({ err: error }, this.failure))
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
