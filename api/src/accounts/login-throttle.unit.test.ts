import { describe, expect, it } from 'vitest';
import { LoginThrottle, retryMessage } from './login-throttle.js';

describe('login throttle', () => {
  const limits = { perAccount: 3, perIp: 5, windowMs: 1000 };

  it('blocks an account after its limit until the oldest failure leaves the window', () => {
    const throttle = new LoginThrottle(limits);
    for (const t of [0, 100, 200]) throttle.recordFailure('acct', `ip-${t}`, t);
    expect(throttle.retryAfterMs('acct', 'ip-x', 300)).toBe(700);
    expect(throttle.retryAfterMs('acct', 'ip-x', 1001)).toBe(0);
    expect(throttle.retryAfterMs('other', 'ip-x', 300)).toBe(0);
  });

  it('blocks an IP trying many accounts', () => {
    const throttle = new LoginThrottle(limits);
    for (let i = 0; i < 5; i++) throttle.recordFailure(`acct-${i}`, 'ip', i);
    expect(throttle.retryAfterMs('fresh', 'ip', 10)).toBeGreaterThan(0);
    expect(throttle.retryAfterMs('fresh', 'other-ip', 10)).toBe(0);
  });

  it('forgets an account’s failures after a successful login', () => {
    const throttle = new LoginThrottle(limits);
    for (let i = 0; i < 3; i++) throttle.recordFailure('acct', `ip-${i}`, i);
    throttle.recordSuccess('acct');
    expect(throttle.retryAfterMs('acct', 'ip-9', 5)).toBe(0);
  });

  it('says when to retry, in minutes', () => {
    expect(retryMessage(14 * 60_000 + 1)).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
    expect(retryMessage(10_000)).toBe('Too many failed sign-in attempts. Try again in 1 minute.');
  });
});
