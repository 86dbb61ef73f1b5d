// Login rate limiting: a sliding window of failed attempts per account and per client IP, in
// memory (each API replica keeps its own; the limits are small enough that this is still a brake).

export interface ThrottleLimits {
  readonly perAccount: number;
  readonly perIp: number;
  readonly windowMs: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = { perAccount: 5, perIp: 20, windowMs: 15 * 60 * 1000 };

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly limits: ThrottleLimits = DEFAULT_THROTTLE) {}

  private recent(key: string, now: number): number[] {
    const kept = (this.failures.get(key) ?? []).filter((t) => t > now - this.limits.windowMs);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }

  /** Milliseconds until another attempt is allowed, or 0 when it is allowed now. */
  retryAfterMs(accountKey: string, ip: string, now = Date.now()): number {
    const wait = (key: string, limit: number) => {
      const times = this.recent(key, now);
      return times.length >= limit ? times[times.length - limit]! + this.limits.windowMs - now : 0;
    };
    return Math.max(wait(`account:${accountKey}`, this.limits.perAccount), wait(`ip:${ip}`, this.limits.perIp));
  }

  recordFailure(accountKey: string, ip: string, now = Date.now()): void {
    for (const key of [`account:${accountKey}`, `ip:${ip}`]) this.failures.set(key, [...this.recent(key, now), now]);
  }

  /** A successful login clears the account's count (the IP's stays: one IP may try many accounts). */
  recordSuccess(accountKey: string): void {
    this.failures.delete(`account:${accountKey}`);
  }
}

export function retryMessage(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
