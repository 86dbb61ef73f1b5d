// Issue 12's account attacks, each written as the attack (the request that worked before now
// fails) beside the owner's legitimate use (which still works):
// - finding 3: wrong passwords from many addresses locked the owner out; X-Forwarded-For from
//   anyone was believed. Now: growing delays per (account, address) and per address, a short capped
//   delay per account that spares the owner's known address, TRUST_PROXY names the proxies.
// - finding 5: 2FA could be turned off with no proof in a session's first 15 minutes, and wrong
//   passwords on 2FA-off and deletion were never limited. Now: always proof, always limited; the
//   same for a new e-mail address and a new password.
// The app trusts one proxy, 10.9.9.9, so both sides of TRUST_PROXY are exercised.
import type { InjectOptions } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { creatorFlows, freshEmail, injectSender, type Creator } from '../../../test/support/flows.js';
import { wrongTotpCode } from '../../../test/support/totp.js';

const PROXY = '10.9.9.9';
let app: TestApp;
let ipCounter = 0;
const statuses: number[] = [];
/** A fresh client address per scenario (TEST-NET-3 and 100.64/10 are never anyone's real address). */
const nextIp = () => `100.${64 + Math.floor(++ipCounter / 250)}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;

async function call(options: InjectOptions & { token?: string; ip?: string }) {
  const { token, ip, ...rest } = options as InjectOptions & { token?: string; ip?: string; headers?: Record<string, string> };
  const response = await app.running.app!.inject({
    ...rest,
    remoteAddress: ip ?? '127.0.0.1',
    headers: { ...(rest.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  } as InjectOptions);
  statuses.push(response.statusCode);
  return response;
}

const login = (email: string, password: string, ip: string, extra: Record<string, unknown> = {}) =>
  call({ method: 'POST', url: '/api/auth/login', ip, payload: { email, password, ...extra } });

/** A creator who signed up from `ip` (which the limiter then knows as theirs). */
async function creatorFrom(ip: string): Promise<Creator> {
  return creatorFlows(injectSender(app, { remoteAddress: () => ip })).signUp();
}

/** Moves every failure time of the limiter back, as if `seconds` had passed. */
async function letTimePass(seconds: number) {
  await app.running.pool.query(`UPDATE auth_failures SET last_failed_at = last_failed_at - $1 * interval '1 second'`, [seconds]);
}

beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: PROXY, DEV_OUTBOX: '1' });
});
afterAll(async () => {
  await app?.stop();
});

describe('finding 3: sign-in throttling that strangers cannot turn against the owner', () => {
  it('five wrong passwords from five addresses no longer lock the owner out', async () => {
    const home = nextIp();
    const owner = await creatorFrom(home);
    for (let i = 0; i < 5; i++) expect((await login(owner.email, `wrong-${i}-password`, nextIp())).statusCode).toBe(401);
    expect((await login(owner.email, owner.password, home)).statusCode).toBe(200);
    expect((await login(owner.email, owner.password, nextIp())).statusCode).toBe(200);
  });

  it('under attack from many addresses the account slows down by seconds, and the owner at home gets straight in', async () => {
    const home = nextIp();
    const owner = await creatorFrom(home);
    const answers: { status: number; retryAfter: number }[] = [];
    for (let i = 0; i < 25; i++) {
      const reply = await login(owner.email, `guess-${i}-password`, nextIp());
      const retryAfter = Number(reply.headers['retry-after'] ?? 0);
      answers.push({ status: reply.statusCode, retryAfter });
      if (reply.statusCode === 429) await letTimePass(retryAfter); // the attackers wait as told, then go on
    }
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(Math.max(...limited.map((a) => a.retryAfter))).toBeLessThanOrEqual(30);
    expect(answers.every((a) => a.status === 401 || a.status === 429)).toBe(true);

    expect((await login(owner.email, owner.password, home)).statusCode).toBe(200);
    // From an address never used before the owner waits the account's short delay, then gets in.
    const travelling = nextIp();
    const held = await login(owner.email, owner.password, travelling);
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ success: false, code: 'too_many_requests', error: expect.stringMatching(/Try again in \d+ seconds?\./) });
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(10);
    expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(30);
    await letTimePass(31);
    expect((await login(owner.email, owner.password, travelling)).statusCode).toBe(200);
  });

  it('one address guessing one account waits longer and longer after 5 failures', async () => {
    const owner = await creatorFrom(nextIp());
    const attacker = nextIp();
    for (let i = 0; i < 6; i++) expect((await login(owner.email, `wrong-${i}-password`, attacker)).statusCode).toBe(401);
    const first = await login(owner.email, owner.password, attacker);
    expect(first.statusCode).toBe(429);
    expect(Number(first.headers['retry-after'])).toBeGreaterThan(25);
    expect(Number(first.headers['retry-after'])).toBeLessThanOrEqual(30);
    await letTimePass(30);
    expect((await login(owner.email, 'still-wrong-password', attacker)).statusCode).toBe(401);
    const second = await login(owner.email, owner.password, attacker);
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(55);
    expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('one address trying many accounts is slowed after 20 failures, other addresses are not', async () => {
    const sprayer = nextIp();
    for (let i = 0; i < 21; i++) expect((await login(freshEmail(), 'nope-nope-nope', sprayer)).statusCode).toBe(401);
    const owner = await creatorFrom(nextIp());
    expect((await login(owner.email, owner.password, sprayer)).statusCode).toBe(429);
    expect((await login(owner.email, owner.password, nextIp())).statusCode).toBe(200);
  });

  it('sign-ins at once with the right password all succeed, and count as no failure (they answered 409 and locked the address out)', async () => {
    const owner = await creatorFrom(nextIp());
    const ip = nextIp();
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(Array.from({ length: 4 }, () => login(owner.email, owner.password, ip)));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    }
    const { rows } = await app.running.pool.query<{ failures: number }>("SELECT failures FROM auth_failures WHERE scope = 'creator_login' AND key = $1", [`client:${ip}`]);
    expect(rows.map((r) => r.failures)).toEqual([0]);
  });

  it('ignores X-Forwarded-For from a client that is not a trusted proxy', async () => {
    const owner = await creatorFrom(nextIp());
    const attacker = nextIp();
    const spoofed = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i + 1}` });
    for (let i = 0; i < 6; i++) {
      const reply = await call({ method: 'POST', url: '/api/auth/login', ip: attacker, headers: spoofed(i), payload: { email: owner.email, password: `wrong-${i}-pass` } });
      expect(reply.statusCode).toBe(401);
    }
    const seventh = await call({ method: 'POST', url: '/api/auth/login', ip: attacker, headers: spoofed(99), payload: { email: owner.email, password: owner.password } });
    expect(seventh.statusCode).toBe(429);
  });

  it('believes X-Forwarded-For from the proxy TRUST_PROXY names', async () => {
    const owner = await creatorFrom(nextIp());
    const [attacker, ownerBehindProxy] = [nextIp(), nextIp()];
    const via = (client: string) => ({ ip: PROXY, headers: { 'x-forwarded-for': client } });
    for (let i = 0; i < 6; i++) {
      expect((await call({ method: 'POST', url: '/api/auth/login', ...via(attacker), payload: { email: owner.email, password: `wrong-${i}-pass` } })).statusCode).toBe(401);
    }
    expect((await call({ method: 'POST', url: '/api/auth/login', ...via(attacker), payload: { email: owner.email, password: owner.password } })).statusCode).toBe(429);
    expect((await call({ method: 'POST', url: '/api/auth/login', ...via(ownerBehindProxy), payload: { email: owner.email, password: owner.password } })).statusCode).toBe(200);
  });

  it('two sign-ins at once with the same two-factor code: one is in, the other told the code was used, and neither counts as a failure', async () => {
    const ip = nextIp();
    const owner = await creatorFrom(ip);
    const { secret } = (await call({ method: 'POST', url: '/api/user/2fa/enable', token: owner.token, ip })).json();
    const now = Math.floor(Date.now() / 1000);
    expect((await call({ method: 'POST', url: '/api/user/2fa/verify', token: owner.token, ip, payload: { token: await generate({ secret, epoch: now }) } })).statusCode).toBe(200);
    const code = await generate({ secret, epoch: now + 30 });
    const signInIp = nextIp();
    const answers = await Promise.all([1, 2].map(() => login(owner.email, owner.password, signInIp, { totpCode: code })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    expect(answers.find((a) => a.statusCode === 401)!.json().error).toBe('This code has already been used. Wait for the next one.');
    const { rows } = await app.running.pool.query<{ failures: number }>("SELECT failures FROM auth_failures WHERE scope = 'creator_login' AND key = $1", [`client:${signInIp}`]);
    expect(rows.map((r) => r.failures)).toEqual([0]);
  });

  it('limits wrong two-factor codes at sign-in like wrong passwords', async () => {
    const ip = nextIp();
    const owner = await creatorFrom(ip);
    const { secret } = (await call({ method: 'POST', url: '/api/user/2fa/enable', token: owner.token, ip })).json();
    const now = Math.floor(Date.now() / 1000);
    expect((await call({ method: 'POST', url: '/api/user/2fa/verify', token: owner.token, ip, payload: { token: await generate({ secret, epoch: now }) } })).statusCode).toBe(200);
    const good = await generate({ secret, epoch: now + 30 });
    const wrong = await wrongTotpCode((at) => generate({ secret, epoch: at }), now);
    const attacker = nextIp();
    // The password alone only asks for the code; it is not a failure, however often.
    for (let i = 0; i < 8; i++) expect((await login(owner.email, owner.password, attacker)).json().twoFactorRequired).toBe(true);
    for (let i = 0; i < 6; i++) expect((await login(owner.email, owner.password, attacker, { totpCode: wrong })).statusCode).toBe(401);
    expect((await login(owner.email, owner.password, attacker, { totpCode: good })).statusCode).toBe(429);
    expect((await login(owner.email, owner.password, ip, { totpCode: good })).statusCode).toBe(200);
  });
});

describe('finding 5: sensitive changes always need proof, and guessing it is limited', () => {
  async function withTwoFactor(ip: string) {
    const owner = await creatorFrom(ip);
    const { secret } = (await call({ method: 'POST', url: '/api/user/2fa/enable', token: owner.token, ip })).json();
    const now = Math.floor(Date.now() / 1000);
    await call({ method: 'POST', url: '/api/user/2fa/verify', token: owner.token, ip, payload: { token: await generate({ secret, epoch: now }) } });
    return { ...owner, secret, nextCode: await generate({ secret, epoch: now + 30 }) };
  }

  it('a brand-new session cannot turn two-factor off without the password or a code', async () => {
    const ip = nextIp();
    const owner = await withTwoFactor(ip);
    const bare = await call({ method: 'DELETE', url: '/api/user/2fa/disable', token: owner.token, ip });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe('Enter your password or a current two-factor code to turn off two-factor authentication');
    const empty = await call({ method: 'DELETE', url: '/api/user/2fa/disable', token: owner.token, ip, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect((await call({ method: 'GET', url: '/api/auth/me', token: owner.token, ip })).json().twoFactorEnabled).toBe(true);
    const withCode = await call({ method: 'DELETE', url: '/api/user/2fa/disable', token: owner.token, ip, payload: { token: owner.nextCode } });
    expect(withCode.statusCode).toBe(200);
    expect((await call({ method: 'GET', url: '/api/auth/me', token: owner.token, ip })).json().twoFactorEnabled).toBe(false);
  });

  it('30 wrong passwords on 2FA-off are cut short by 429, and the right one still works later', async () => {
    const ip = nextIp();
    const owner = await withTwoFactor(ip);
    const answers: number[] = [];
    for (let i = 0; i < 30; i++) {
      answers.push((await call({ method: 'DELETE', url: '/api/user/2fa/disable', token: owner.token, ip, payload: { password: `guess-${i}-password` } })).statusCode);
    }
    expect(answers.slice(0, 6)).toEqual([422, 422, 422, 422, 422, 422]);
    expect(answers.slice(6).every((s) => s === 429)).toBe(true);
    const held = await call({ method: 'DELETE', url: '/api/user/2fa/disable', token: owner.token, ip, payload: { password: owner.password } });
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    await letTimePass(3600);
    expect((await call({ method: 'DELETE', url: '/api/user/2fa/disable', token: owner.token, ip, payload: { password: owner.password } })).statusCode).toBe(200);
  });

  it('30 wrong passwords on account deletion are cut short by 429', async () => {
    const ip = nextIp();
    const owner = await creatorFrom(ip);
    const answers: number[] = [];
    for (let i = 0; i < 30; i++) {
      const reply = await call({ method: 'DELETE', url: '/api/user/account', token: owner.token, ip, payload: { password: `guess-${i}-password`, confirmText: 'DELETE MY ACCOUNT' } });
      answers.push(reply.statusCode);
    }
    expect(answers.filter((s) => s === 422)).toHaveLength(6);
    expect(answers.filter((s) => s === 429)).toHaveLength(24);
    await letTimePass(3600);
    const deleted = await call({ method: 'DELETE', url: '/api/user/account', token: owner.token, ip, payload: { password: owner.password, confirmText: 'DELETE MY ACCOUNT' } });
    expect(deleted.statusCode).toBe(200);
  });

  it('a new e-mail address needs the password (a stolen session cannot redirect resets)', async () => {
    const ip = nextIp();
    const owner = await creatorFrom(ip);
    const thief = freshEmail('thief');
    const bare = await call({ method: 'PUT', url: '/api/user/profile', token: owner.token, ip, payload: { email: thief } });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ success: false, code: 'validation_error', error: 'Enter your current password to change your email address', message: 'Enter your current password to change your email address' });
    const wrong = await call({ method: 'PUT', url: '/api/user/profile', token: owner.token, ip, payload: { email: thief, currentPassword: 'not-the-password' } });
    expect(wrong.statusCode).toBe(422);
    expect((await call({ method: 'GET', url: '/api/auth/me', token: owner.token, ip })).json().email).toBe(owner.email);
    // Other fields need nothing more; the same address sent back (as the profile form does) is not a change.
    const phone = await call({ method: 'PUT', url: '/api/user/profile', token: owner.token, ip, payload: { email: owner.email, phone: '2125550199' } });
    expect(phone.statusCode).toBe(200);
    const moved = await call({ method: 'PUT', url: '/api/user/profile', token: owner.token, ip, payload: { email: thief, currentPassword: owner.password } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().user.email).toBe(thief);
  });

  it('wrong current passwords on a password change are limited too', async () => {
    const ip = nextIp();
    const owner = await creatorFrom(ip);
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) {
      answers.push((await call({ method: 'PUT', url: '/api/user/password', token: owner.token, ip, payload: { currentPassword: `guess-${i}-pw`, newPassword: 'a new password' } })).statusCode);
    }
    expect(answers).toEqual([422, 422, 422, 422, 422, 422, 429, 429]);
  });
});

describe('never a 500', () => {
  it('answered every call above without a server error', () => {
    expect(statuses.length).toBeGreaterThan(100);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });
});
