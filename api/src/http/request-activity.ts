// Requests first: work nobody waits for (rendering certificates ahead of their first request) waits
// for a quiet moment, when no request has been in flight for `quietMs`, or until its deadline. On
// two cores a background rendering (~20–30 ms of CPU) beside a registration slowed the registration
// by about a third (issue 18); a person asking for a certificate that is not rendered yet has it
// rendered at once, ahead of the background work, by the certificate cache.

export interface RequestActivityOptions {
  /** How long no request must have been in flight (default 25 ms). */
  readonly quietMs?: number;
}

export class RequestActivity {
  private inFlight = 0;
  /** When the last request in flight ended (ms since the epoch). */
  private lastEnded = 0;
  private readonly quietMs: number;
  /** Waiting for a quiet moment: resolved together once it comes, or each at its own deadline. */
  private readonly waiters = new Set<() => void>();
  private timer: NodeJS.Timeout | null = null;

  constructor(options: RequestActivityOptions = {}) {
    this.quietMs = options.quietMs ?? 25;
  }

  /** A request has started; the function returned ends it (calling it again does nothing). */
  begin(): () => void {
    this.inFlight += 1;
    this.cancelTimer();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.inFlight -= 1;
      this.lastEnded = Date.now();
      if (this.inFlight === 0) this.schedule();
    };
  }

  /** Whether a quiet moment is now: nothing in flight, for `quietMs` at least. */
  isQuiet(): boolean {
    return this.inFlight === 0 && Date.now() - this.lastEnded >= this.quietMs;
  }

  /** Resolves at the next quiet moment (at once when it is one), or at `deadline` (ms since the epoch). */
  quiet(deadline: number): Promise<void> {
    if (this.isQuiet() || Date.now() >= deadline) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(late);
        this.waiters.delete(done);
        resolve();
      };
      const late = setTimeout(done, deadline - Date.now());
      late.unref();
      this.waiters.add(done);
      if (this.inFlight === 0) this.schedule();
    });
  }

  /** Checks again once the last request is `quietMs` old, unless a request starts first. */
  private schedule(): void {
    if (this.waiters.size === 0 || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.isQuiet()) for (const done of [...this.waiters]) done();
      else if (this.inFlight === 0) this.schedule();
    }, Math.max(0, this.lastEnded + this.quietMs - Date.now()));
    this.timer.unref();
  }

  private cancelTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
