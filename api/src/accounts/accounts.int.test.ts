// Accounts over HTTP on a real Postgres: sign-up with a card on file, sessions (bearer and cookie,
// idle expiry), profile, password, preferences, two-factor with replay refused,
// password reset, deletion with crypto-shredding. No call may answer 500.
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { cardDetails, errorReply, freshEmail, injectSender, signUpDetails, type Card } from '../../../test/support/flows.js';
import { outboxMail, resetTokenIn } from '../../../test/support/mail.js';
import { wrongTotpCode } from '../../../test/support/totp.js';
import { serverKeyring, unseal } from './crypto.js';
import { claimPaymentMethod } from './queries.js';
import { ABANDONED_AFTER_SECONDS, readUserKey, UserKeys } from './user-keys.js';
import { isEvent } from '../events/index.js';
import { handleCommand } from '../domain/command-handler.js';
import { userDecider } from './decider.js';
import { signedInStaff } from '../../../test/support/staff.js';

let app: TestApp;
const statuses: number[] = [];
let ipCounter = 0;
/** A fresh client address per scenario, so the per-IP login limit only bites where it is tested. */
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

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

async function addCard(cardNumber = '4242 4242 4242 4242') {
  const response = await call({ method: 'POST', url: '/api/payment/local/payment-methods', payload: cardDetails({ cardNumber }) });
  expect(response.statusCode).toBe(201);
  return response.json<Card>();
}

/** The wizard's sign-up payload; the client's username is sent but the server derives its own. */
const signUp = (overrides: Record<string, unknown> = {}) => signUpDetails({ username: 'ada1234', ...overrides });

async function registered(overrides: Record<string, unknown> = {}) {
  const card = await addCard();
  const payload = signUp({ paymentMethodId: card.id, ...overrides });
  const response = await call({ method: 'POST', url: '/api/auth/register-enhanced', payload });
  expect(response.statusCode).toBe(201);
  const body = response.json();
  return { token: body.token as string, user: body.user, email: payload.email, password: payload.password };
}

/** The one account whose side menu offers the Admin Portal link (ADMIN_MENU_EMAILS). */
const MENU_ADMIN = 'menu.admin@example.com';

beforeAll(async () => {
  app = await startTestApp({ DEV_OUTBOX: '1', ADMIN_MENU_EMAILS: MENU_ADMIN });
});
afterAll(async () => {
  await app?.stop();
});

describe('payment methods (local provider)', () => {
  it('reports the local provider in test mode', async () => {
    const response = await call({ method: 'GET', url: '/api/payment/config' });
    expect(response.json()).toEqual({ provider: 'local', testMode: true, registrationFee: { amountCents: 999, currency: 'usd' } });
  });

  it('tokenises a valid card and keeps only the summary', async () => {
    const card = await addCard('5555 5555 5555 4444');
    expect(card).toMatchObject({ last4: '4444', brand: 'mastercard', exp_month: 12 });
    expect(card.id).toMatch(/^pm_local_/);
    const { rows } = await app.running.pool.query('SELECT * FROM payment_methods WHERE id = $1', [card.id]);
    expect(JSON.stringify(rows)).not.toContain('5555555555554444');
    expect(rows[0].user_id).toBeNull();
  });

  it('refuses a number failing Luhn, an expired card, and a malformed CVC', async () => {
    const base = {
      cardNumber: '4242424242424241',
      expMonth: 1,
      expYear: new Date().getFullYear() + 1,
      cvc: '123',
      billing: { name: 'A', email: 'a@example.com', address: { line1: 'x', city: 'y', state: 'CA', postal_code: '90001', country: 'US' } },
    };
    const luhn = await call({ method: 'POST', url: '/api/payment/local/payment-methods', payload: base });
    expect(luhn.statusCode).toBe(422);
    expect(luhn.json().message).toBe('Your card number is invalid.');
    const expired = await call({
      method: 'POST',
      url: '/api/payment/local/payment-methods',
      payload: { ...base, cardNumber: '4242424242424242', expYear: 2020 },
    });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().message).toBe('Your card has expired.');
    const cvc = await call({ method: 'POST', url: '/api/payment/local/payment-methods', payload: { ...base, cvc: '1' } });
    expect(cvc.statusCode).toBe(400);
  });

  it('declines Stripe’s declined test cards as saving them with Stripe would: the bank’s reason, nothing kept', async () => {
    const count = async () => (await app.running.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_methods')).rows[0]!.n;
    const before = await count();
    for (const [cardNumber, message] of [
      ['4000 0000 0000 0002', 'Your card was declined. Use another card, or ask your bank why.'],
      ['4000 0000 0000 9995', 'Your card has insufficient funds. Use another card.'],
      ['4000 0000 0000 9987', 'Your card was declined. Use another card, or ask your bank why.'],
      ['4000 0000 0000 9979', 'Your card was declined. Use another card, or ask your bank why.'],
      ['4100 0000 0000 0019', 'Your card was declined. Use another card, or ask your bank why.'],
      ['4000 0000 0000 0069', 'Your card has expired. Use another card.'],
      ['4000 0000 0000 0127', "Your card's security code is incorrect. Check it, or use another card."],
      ['4000 0000 0000 0119', 'An error occurred while processing your card. Try again in a little bit.'],
    ] as const) {
      const response = await call({ method: 'POST', url: '/api/payment/local/payment-methods', payload: cardDetails({ cardNumber }) });
      expect(response.statusCode, cardNumber).toBe(422);
      expect(response.json(), cardNumber).toEqual(errorReply('unprocessable', message));
    }
    expect(await count()).toBe(before);
    // Another card is then saved, and signs up.
    const card = await addCard('4242 4242 4242 4242');
    const signedUp = await call({ method: 'POST', url: '/api/auth/register-enhanced', payload: signUp({ paymentMethodId: card.id }) });
    expect(signedUp.statusCode).toBe(201);
  });
});

describe('sign-up', () => {
  it('creates the account with the card the provider knows, not the one the client claims', async () => {
    const card = await addCard();
    const payload = signUp({ paymentMethodId: card.id, cardLast4: '0005', cardBrand: 'amex', cardExpMonth: 1, cardExpYear: 2031 });
    const response = await call({ method: 'POST', url: '/api/auth/register-enhanced', payload });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({
      email: payload.email,
      fullName: 'Ada King Lovelace',
      firstName: 'Ada',
      lastName: 'King Lovelace',
      state: 'CA',
      country: 'US',
      accountType: 'individual',
      twoFactorEnabled: false,
      cardBrand: 'visa',
      cardLast4: '4242',
      cardExpMonth: 12,
      emailNotifications: true,
      smsNotifications: false,
      marketingEmails: false,
      securityAlerts: true,
      isAdmin: false,
      passwordChangedAt: null,
    });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/tl_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
  });

  it('keeps personal data out of the log in clear', async () => {
    const { user, email } = await registered({ fullName: 'Grace Brewster Hopper', phone: '2125559876' });
    const events = await app.running.store.readStream(`user-${user.id}`);
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'PaymentMethodAttached']);
    // The clear text of the log: every value but ids (UUIDs), hashes (64 hex) and sealed values ('v1.'
    // and ciphertext), in which a secret's digits can turn up by chance ('4242' in a random user id).
    const clear = JSON.stringify(events.map((e) => e.data), (_key, value: unknown) => (typeof value === 'string' && /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{64}|v1\..*)$/s.test(value) ? '' : value));
    for (const secret of [email, 'Grace', 'Hopper', '2125559876', 'Analytical', '4242', 'scrypt']) expect(clear).not.toContain(secret);
    for (const sealed of [events[0]!.data, events[1]!.data] as { profile?: string; password?: string; card?: string }[]) {
      for (const value of [sealed.profile, sealed.password, sealed.card].filter(Boolean)) expect(value).toMatch(/^v1\./);
    }
    expect(events[0]!.metadata.schemaVersion).toBe(1);
  });

  it('signs up without a card on /api/auth/register, and requires one on register-enhanced', async () => {
    const plain = await call({ method: 'POST', url: '/api/auth/register', payload: signUp({ firstName: undefined, lastName: undefined }) });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().user).toMatchObject({ cardLast4: null, firstName: 'Ada', lastName: 'King Lovelace' });
    expect(plain.json().user.username).toEqual(expect.any(String));
    const enhanced = await call({ method: 'POST', url: '/api/auth/register-enhanced', payload: signUp() });
    expect(enhanced.statusCode).toBe(400);
    expect(enhanced.json()).toMatchObject({ success: false, code: 'validation_error' });
  });

  it('answers bad input with the spec messages in the { success: false, error } shape', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ password: 'short' }, 'Password must be at least 8 characters'],
      [{ termsAccepted: false }, 'You must accept our legal agreements to create an account'],
      [{ privacyAccepted: false }, 'You must accept our legal agreements to create an account'],
      [{ fullName: '' }, 'Please fill in all required fields'],
      [{ email: 'not-an-email' }, 'Valid email is required'],
      [{ state: 'ZZ' }, 'Choose a US state or territory (two-letter code, e.g. CA)'],
    ];
    for (const [override, message] of cases) {
      const response = await call({ method: 'POST', url: '/api/auth/register', payload: signUp(override) });
      expect(response.statusCode, JSON.stringify(override)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: message });
    }
  });

  it('refuses a second account for the same e-mail, whatever its case (409)', async () => {
    const { email } = await registered();
    const card = await addCard();
    const response = await call({
      method: 'POST',
      url: '/api/auth/register-enhanced',
      payload: signUp({ email: `  ${email.toUpperCase()} `, paymentMethodId: card.id }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, error: 'An account with this email already exists' });
    const { rows } = await app.running.pool.query('SELECT user_id FROM payment_methods WHERE id = $1', [card.id]);
    expect(rows[0].user_id).toBeNull();
  });

  it('gives the address and card of a sign-up that died before recording its account to the next sign-up, once the claim is old', async () => {
    // What a sign-up killed between claiming its address and card and appending UserRegistered leaves.
    const email = freshEmail();
    const card = await addCard();
    const died = randomUUID();
    const keys = new UserKeys(app.running.pool, serverKeyring());
    await keys.create(died, serverKeyring().emailHmac(email));
    await claimPaymentMethod(app.running.pool, 'local', { id: card.id, brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year }, died);
    const signUpAgain = () => call({ method: 'POST', url: '/api/auth/register-enhanced', payload: signUp({ email, paymentMethodId: card.id }) });
    // A claim younger than the sign-up's own time may still be a sign-up under way: refused.
    const early = await signUpAgain();
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('An account with this email already exists');
    await app.running.pool.query(`UPDATE user_keys SET created_at = now() - make_interval(secs => $2) WHERE user_id = $1`, [died, ABANDONED_AFTER_SECONDS + 1]);
    const later = await signUpAgain();
    expect(later.statusCode).toBe(201);
    const { user } = later.json();
    expect(user.id).not.toBe(died);
    expect(await readUserKey(app.running.pool, serverKeyring(), died)).toBeNull();
    const { rows } = await app.running.pool.query('SELECT user_id FROM payment_methods WHERE id = $1', [card.id]);
    expect(rows[0].user_id).toBe(user.id);
    const login = await call({ method: 'POST', url: '/api/auth/login', payload: { email, password: signUp().password } });
    expect(login.statusCode).toBe(200);
    // An account that was recorded is never taken, however old its claim.
    await app.running.pool.query(`UPDATE user_keys SET created_at = now() - interval '1 day' WHERE user_id = $1`, [user.id]);
    const third = await call({ method: 'POST', url: '/api/auth/register-enhanced', payload: signUp({ email, paymentMethodId: (await addCard()).id }) });
    expect(third.statusCode).toBe(409);
  });

  it('stops a sign-up whose claim was taken while it worked, keeping nothing of it', async () => {
    const email = freshEmail();
    const { rows: before } = await app.running.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM user_keys');
    // The claim goes as soon as it is made, as if the sign-up had stalled past ABANDONED_AFTER_SECONDS
    // and another had taken it.
    const { pool } = app.running;
    await pool.query(`CREATE FUNCTION take_claim() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN DELETE FROM user_keys WHERE user_id = NEW.user_id; RETURN NULL; END $$`);
    await pool.query(`CREATE TRIGGER take_claim AFTER INSERT ON user_keys FOR EACH ROW EXECUTE FUNCTION take_claim()`);
    try {
      const response = await call({ method: 'POST', url: '/api/auth/register', payload: signUp({ email }) });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe('Your sign-up took too long and was not completed. Please sign up again.');
    } finally {
      await pool.query('DROP TRIGGER take_claim ON user_keys; DROP FUNCTION take_claim()');
    }
    const { rows: after } = await app.running.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM user_keys');
    expect(after[0]!.n).toBe(before[0]!.n);
    const again = await call({ method: 'POST', url: '/api/auth/register', payload: signUp({ email }) });
    expect(again.statusCode).toBe(201);
  });

  it('refuses an unknown payment method (422) and one already attached elsewhere (409)', async () => {
    const unknown = await call({ method: 'POST', url: '/api/auth/register-enhanced', payload: signUp({ paymentMethodId: 'pm_local_nope' }) });
    expect(unknown.statusCode).toBe(422);
    const card = await addCard();
    const first = await call({ method: 'POST', url: '/api/auth/register-enhanced', payload: signUp({ paymentMethodId: card.id }) });
    expect(first.statusCode).toBe(201);
    const again = await call({ method: 'POST', url: '/api/auth/register-enhanced', payload: signUp({ paymentMethodId: card.id }) });
    expect(again.statusCode).toBe(409);
    expect(again.json().success).toBe(false);
  });
});

describe('the Admin Portal link (seed 000 §2)', () => {
  it('is offered to the designated address, however it was typed, and to nobody else', async () => {
    const designated = await registered({ email: ` ${MENU_ADMIN.toUpperCase()} ` });
    expect(designated.user.isAdmin).toBe(true);
    const other = await registered();
    expect(other.user.isAdmin).toBe(false);
    for (const [token, isAdmin] of [[designated.token, true], [other.token, false]] as const) {
      const session = await call({ method: 'GET', url: '/api/auth/session', token });
      expect(session.json()).toMatchObject({ signedIn: true, user: { isAdmin } });
      const me = await call({ method: 'GET', url: '/api/auth/me', token });
      expect(me.json().isAdmin).toBe(isAdmin);
    }
  });
});

describe('sessions', () => {
  it('logs in, answers /me by bearer and by cookie, and logs out', async () => {
    const { email, password } = await registered();
    const login = await call({ method: 'POST', url: '/api/auth/login', payload: { email, password, rememberMe: true } });
    expect(login.statusCode).toBe(200);
    const { token, success, user } = login.json();
    expect(success).toBe(true);
    expect(user.email).toBe(email);
    expect(String(login.headers['set-cookie'])).toMatch(/Max-Age=/);

    const bearer = await call({ method: 'GET', url: '/api/auth/me', token });
    expect(bearer.statusCode).toBe(200);
    expect(bearer.json()).toMatchObject({ id: user.id, email });
    const cookie = await call({ method: 'GET', url: '/api/auth/me', cookies: { tl_session: token } });
    expect(cookie.statusCode).toBe(200);

    const logout = await call({ method: 'POST', url: '/api/auth/logout', token });
    expect(logout.json()).toEqual({ success: true });
    expect(String(logout.headers['set-cookie'])).toMatch(/tl_session=;/);
    const after = await call({ method: 'GET', url: '/api/auth/me', token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ success: false });
    expect((await call({ method: 'POST', url: '/api/auth/logout' })).json()).toEqual({ success: true });
  });

  it('answers 401 without a session or with a made-up token', async () => {
    expect((await call({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await call({ method: 'GET', url: '/api/user/profile', token: 'made-up' })).statusCode).toBe(401);
  });

  it('refuses wrong credentials with 401 Invalid credentials, and a missing password with 400', async () => {
    const { email } = await registered();
    const ip = nextIp();
    const wrong = await call({ method: 'POST', url: '/api/auth/login', ip, payload: { email, password: 'wrong password' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ success: false, error: 'Invalid credentials' });
    const unknown = await call({ method: 'POST', url: '/api/auth/login', ip, payload: { email: freshEmail(), password: 'whatever1' } });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toBe('Invalid credentials');
    const missing = await call({ method: 'POST', url: '/api/auth/login', ip, payload: { email, password: '' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false, error: 'Password is required' });
  });

  it('ends a session after 24 hours without a request, and slides the limit while in use', async () => {
    const { token, user } = await registered();
    await app.running.pool.query(`UPDATE sessions SET last_seen_at = now() - interval '23 hours' WHERE user_id = $1`, [user.id]);
    expect((await call({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(200);
    const { rows } = await app.running.pool.query(`SELECT now() - last_seen_at < interval '1 minute' AS fresh FROM sessions WHERE user_id = $1`, [user.id]);
    expect(rows[0].fresh).toBe(true);
    // Seen within the last minute: a request reads the session and writes nothing (no commit to wait for).
    await app.running.pool.query(`UPDATE sessions SET last_seen_at = now() - interval '30 seconds' WHERE user_id = $1`, [user.id]);
    const seen = async () => (await app.running.pool.query<{ at: Date }>('SELECT last_seen_at AS at FROM sessions WHERE user_id = $1', [user.id])).rows[0]!.at;
    const before = await seen();
    expect((await call({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(200);
    expect(await seen()).toEqual(before);
    await app.running.pool.query(`UPDATE sessions SET last_seen_at = now() - interval '24 hours 1 minute' WHERE user_id = $1`, [user.id]);
    const expired = await call({ method: 'GET', url: '/api/auth/me', token });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toMatch(/session has expired/);
    // The web app's question says "signed out" without an error, and clears the ended session's cookie.
    const state = await call({ method: 'GET', url: '/api/auth/session', cookies: { tl_session: token } });
    expect(state.statusCode).toBe(200);
    expect(state.json()).toEqual({ signedIn: false, user: null });
    expect(String(state.headers['set-cookie'])).toMatch(/tl_session=;/);
  });

  it('a request whose session touch is due does not queue behind another request touching it', async () => {
    const { token, user } = await registered();
    await app.running.pool.query(`UPDATE sessions SET last_seen_at = now() - interval '2 minutes' WHERE user_id = $1`, [user.id]);
    // Another request of the same session is touching it: it holds the row until its commit.
    const other = await app.running.pool.connect();
    let settled = false;
    try {
      await other.query('BEGIN');
      await other.query('SELECT 1 FROM sessions WHERE user_id = $1 FOR UPDATE', [user.id]);
      const answered = call({ method: 'GET', url: '/api/auth/me', token }).finally(() => (settled = true));
      // Until the answer comes: is any backend waiting for a row lock?
      let queued = false;
      while (!settled && !queued) {
        const { rowCount } = await app.running.pool.query(
          `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        queued = rowCount !== 0;
      }
      await other.query('ROLLBACK'); // lets a queued request finish
      const response = await answered;
      expect(queued).toBe(false);
      expect(response.statusCode).toBe(200);
    } finally {
      await other.query('ROLLBACK').catch(() => undefined);
      other.release();
    }
  });

  it('tells the web app who is signed in with 200 either way (GET /api/auth/session)', async () => {
    const anonymous = await call({ method: 'GET', url: '/api/auth/session' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ signedIn: false, user: null });
    expect(anonymous.headers['set-cookie']).toBeUndefined();
    const { token, user } = await registered();
    const signedIn = await call({ method: 'GET', url: '/api/auth/session', cookies: { tl_session: token } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ signedIn: true, user: { id: user.id, email: user.email } });
  });
});

describe('profile, stats, password, preferences', () => {
  it('reads and updates the profile on both paths, with the spec rules', async () => {
    const { token, user } = await registered();
    const read = await call({ method: 'GET', url: '/api/user/profile', token });
    expect(read.json()).toMatchObject({ id: user.id, fullName: 'Ada King Lovelace' });

    const bad = await call({ method: 'PUT', url: '/api/user/profile', token, payload: { phone: '123', zipCode: '12' } });
    expect(bad.statusCode).toBe(400);
    const messages = bad.json().details.issues.map((i: { message: string }) => i.message);
    expect(messages).toEqual(expect.arrayContaining(['Valid phone number is required', 'Valid zip code is required']));
    const badAuth = await call({ method: 'PUT', url: '/api/auth/profile', token, payload: { address: 'short' } });
    expect(badAuth.json()).toMatchObject({ success: false, error: 'Complete address is required' });

    const updated = await call({
      method: 'PUT',
      url: '/api/user/profile',
      token,
      payload: { fullName: 'Augusta Ada Byron', city: 'New York', state: 'NY', zipCode: '10001', accountType: 'business' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      success: true,
      user: { fullName: 'Augusta Ada Byron', firstName: 'Augusta', lastName: 'Ada Byron', city: 'New York', accountType: 'business' },
    });
    const viaAuth = await call({ method: 'PUT', url: '/api/auth/profile', token, payload: { phone: '(212) 555-0000' } });
    expect(viaAuth.json()).toMatchObject({ success: true, user: { phone: '(212) 555-0000', city: 'New York' } });
  });

  it('moves the login to a new e-mail, and refuses one another account holds (409)', async () => {
    const other = await registered();
    const { token, password } = await registered();
    const taken = await call({ method: 'PUT', url: '/api/user/profile', token, payload: { email: other.email, currentPassword: password } });
    expect(taken.statusCode).toBe(409);
    const newEmail = freshEmail();
    expect((await call({ method: 'PUT', url: '/api/user/profile', token, payload: { email: newEmail, currentPassword: password } })).statusCode).toBe(200);
    expect((await call({ method: 'POST', url: '/api/auth/login', payload: { email: newEmail, password } })).statusCode).toBe(200);
  });

  it('gives zeroed stats to a new account, and 401 without one', async () => {
    const { token } = await registered();
    const stats = await call({ method: 'GET', url: '/api/user/stats', token });
    expect(stats.json()).toEqual({ totalRegistrations: 0, activeRegistrations: 0, pendingRegistrations: 0, thisMonthRegistrations: 0 });
    expect((await call({ method: 'GET', url: '/api/user/stats' })).statusCode).toBe(401);
  });

  it('changes the password, ending the other sessions but not this one', async () => {
    const { token, email, password } = await registered();
    const other = (await call({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).json().token;
    const wrong = await call({ method: 'PUT', url: '/api/user/password', token, payload: { currentPassword: 'not it at all', newPassword: 'a new password' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('Current password is incorrect');
    const weak = await call({ method: 'PUT', url: '/api/user/password', token, payload: { currentPassword: password, newPassword: 'short' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/Password must be at least 8 characters/);
    const ok = await call({ method: 'PUT', url: '/api/user/password', token, payload: { currentPassword: password, newPassword: 'a new password' } });
    expect(ok.statusCode).toBe(200);
    expect((await call({ method: 'GET', url: '/api/auth/me', token })).json().passwordChangedAt).toEqual(expect.any(String));
    expect((await call({ method: 'GET', url: '/api/auth/me', token: other })).statusCode).toBe(401);
    expect((await call({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).statusCode).toBe(401);
    expect((await call({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'a new password' } })).statusCode).toBe(200);
  });

  it('sets one preference, or all six', async () => {
    const { token } = await registered();
    const one = await call({ method: 'PUT', url: '/api/user/notifications', token, payload: { key: 'marketingEmails', value: true } });
    expect(one.json()).toMatchObject({ success: true, preferences: { marketingEmails: true, emailNotifications: true } });
    const bad = await call({ method: 'PUT', url: '/api/user/notifications', token, payload: { key: 'pigeonPost', value: true } });
    expect(bad.statusCode).toBe(400);
    const all = {
      emailNotifications: false,
      smsNotifications: true,
      securityAlerts: false,
      registrationUpdates: false,
      paymentUpdates: false,
      marketingEmails: false,
    };
    const put = await call({ method: 'PUT', url: '/api/user/notification-preferences', token, payload: all });
    expect(put.json()).toEqual({ success: true, preferences: all });
    expect((await call({ method: 'GET', url: '/api/user/notification-preferences', token })).json()).toEqual(all);
    const partial = await call({ method: 'PUT', url: '/api/user/notification-preferences', token, payload: { emailNotifications: true } });
    expect(partial.statusCode).toBe(400);
  });
});

describe('two-factor authentication', () => {
  it('enables with a code, asks for a code at login, refuses a replayed one, and disables', async () => {
    const { token, email, password, user } = await registered();
    const setup = await call({ method: 'POST', url: '/api/user/2fa/enable', token });
    expect(setup.statusCode).toBe(200);
    const { qrCode, secret } = setup.json();
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    const events = JSON.stringify((await app.running.store.readStream(`user-${user.id}`)).map((e) => e.data));
    expect(events).not.toContain(secret);

    const now = Math.floor(Date.now() / 1000);
    const code = await generate({ secret, epoch: now });
    const wrongCode = await wrongTotpCode((at) => generate({ secret, epoch: at }), now);
    const wrong = await call({ method: 'POST', url: '/api/user/2fa/verify', token, payload: { token: wrongCode } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('Invalid verification code');
    expect((await call({ method: 'POST', url: '/api/user/2fa/verify', token, payload: { token: '12345' } })).statusCode).toBe(400);
    const verified = await call({ method: 'POST', url: '/api/user/2fa/verify', token, payload: { token: code } });
    expect(verified.statusCode).toBe(200);
    expect((await call({ method: 'GET', url: '/api/auth/me', token })).json().twoFactorEnabled).toBe(true);
    expect((await call({ method: 'POST', url: '/api/user/2fa/enable', token })).statusCode).toBe(409);

    const ip = nextIp();
    const noCode = await call({ method: 'POST', url: '/api/auth/login', ip, payload: { email, password } });
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json()).toMatchObject({ success: false, error: 'Two-factor code required', twoFactorRequired: true });
    const replay = await call({ method: 'POST', url: '/api/auth/login', ip, payload: { email, password, totpCode: code } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toMatch(/already been used/);

    const next = await generate({ secret, epoch: now + 30 });
    const login = await call({ method: 'POST', url: '/api/auth/login', ip, payload: { email, password, totpCode: next } });
    expect(login.statusCode).toBe(200);
    const again = await call({ method: 'POST', url: '/api/auth/login', ip, payload: { email, password, totpCode: next } });
    expect(again.statusCode).toBe(401);

    const fresh = login.json().token as string;
    const noProof = await call({ method: 'DELETE', url: '/api/user/2fa/disable', token: fresh });
    expect(noProof.statusCode, noProof.body).toBe(400);
    const withPassword = await call({ method: 'DELETE', url: '/api/user/2fa/disable', token: fresh, payload: { password } });
    expect(withPassword.statusCode).toBe(200);
    expect((await call({ method: 'GET', url: '/api/auth/me', token: fresh })).json().twoFactorEnabled).toBe(false);
    expect((await call({ method: 'DELETE', url: '/api/user/2fa/disable', token: fresh, payload: { password } })).statusCode).toBe(409);
  });

  it('refuses to verify before setup, and disables with a current code', async () => {
    const { token } = await registered();
    expect((await call({ method: 'POST', url: '/api/user/2fa/verify', token, payload: { token: '123456' } })).statusCode).toBe(422);
    const { secret } = (await call({ method: 'POST', url: '/api/user/2fa/enable', token })).json();
    const now = Math.floor(Date.now() / 1000);
    expect((await call({ method: 'POST', url: '/api/user/2fa/verify', token, payload: { token: await generate({ secret, epoch: now }) } })).statusCode).toBe(200);
    const next = await generate({ secret, epoch: now + 30 });
    expect((await call({ method: 'DELETE', url: '/api/user/2fa/disable', token, payload: { token: next } })).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  it('always answers 202, mails a link to a real account, and the link works once', async () => {
    const unknown = await call({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: freshEmail() } });
    expect(unknown.statusCode).toBe(202);
    const { email, token: session } = await registered();
    const known = await call({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    expect(known.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());

    const resetToken = resetTokenIn((await outboxMail(injectSender(app), email)).body);
    const reset = await call({ method: 'POST', url: '/api/auth/reset-password', payload: { token: resetToken, password: 'brand new secret' } });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().success).toBe(true);
    expect((await call({ method: 'GET', url: '/api/auth/me', token: session })).statusCode).toBe(401);
    expect((await call({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'brand new secret' } })).statusCode).toBe(200);
    const reused = await call({ method: 'POST', url: '/api/auth/reset-password', payload: { token: resetToken, password: 'another secret' } });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().success).toBe(false);
  });

  it('tells whether a link still works without using it, and says no more than using it would', async () => {
    const { email } = await registered();
    await call({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const resetToken = resetTokenIn((await outboxMail(injectSender(app), email)).body);
    const ip = nextIp();
    const check = (token: string) => call({ method: 'POST', url: '/api/auth/reset-password/check', payload: { token }, ip });

    // Looking twice spends nothing: the link still sets the password.
    expect((await check(resetToken)).json()).toEqual({ success: true, valid: true });
    expect((await check(resetToken)).statusCode).toBe(200);
    const reset = await call({ method: 'POST', url: '/api/auth/reset-password', payload: { token: resetToken, password: 'brand new secret' } });
    expect(reset.statusCode).toBe(200);

    // Used, or never issued: the answer the submit gives.
    const used = await check(resetToken);
    const reused = await call({ method: 'POST', url: '/api/auth/reset-password', payload: { token: resetToken, password: 'another secret' } });
    expect(used.statusCode).toBe(422);
    expect(used.json()).toEqual(reused.json());
    expect((await check('A'.repeat(43))).json()).toEqual(reused.json());
    expect((await call({ method: 'POST', url: '/api/auth/reset-password/check', payload: {}, ip })).statusCode).toBe(400);
  });

  it('limits how often one client may ask (429 with Retry-After)', async () => {
    const ip = nextIp();
    const answers: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      answers.push((await call({ method: 'POST', url: '/api/auth/reset-password/check', payload: { token: `guess-${i}` }, ip })).statusCode);
    }
    expect(answers.every((status) => status === 422)).toBe(true);
    const limited = await call({ method: 'POST', url: '/api/auth/reset-password/check', payload: { token: 'guess' }, ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().success).toBe(false);
    // Another client is not held up by this one.
    expect((await call({ method: 'POST', url: '/api/auth/reset-password/check', payload: { token: 'guess' }, ip: nextIp() })).statusCode).toBe(422);
  });
});

describe('account deletion', () => {
  it('needs the exact confirmation and the password', async () => {
    const { token, password } = await registered();
    const text = await call({ method: 'DELETE', url: '/api/user/account', token, payload: { password, confirmText: 'delete my account' } });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toContain("You must type 'DELETE MY ACCOUNT' to confirm");
    const wrong = await call({ method: 'DELETE', url: '/api/user/account', token, payload: { password: 'not the one', confirmText: 'DELETE MY ACCOUNT' } });
    expect(wrong.statusCode).toBe(422);
    expect((await call({ method: 'DELETE', url: '/api/user/account', payload: { password, confirmText: 'DELETE MY ACCOUNT' } })).statusCode).toBe(401);
  });

  it('forgets the person: key destroyed, row gone, sessions ended, login refused, events unreadable', async () => {
    const { token, email, password, user } = await registered();
    const keyBefore = await readUserKey(app.running.pool, serverKeyring(), user.id);
    expect(keyBefore).not.toBeNull();
    const deleted = await call({ method: 'DELETE', url: '/api/user/account', token, payload: { password, confirmText: 'DELETE MY ACCOUNT' } });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().success).toBe(true);

    expect((await call({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(401);
    const login = await call({ method: 'POST', url: '/api/auth/login', ip: nextIp(), payload: { email, password } });
    expect(login.statusCode).toBe(401);
    expect(login.json().error).toBe('Invalid credentials');

    const pool = app.running.pool;
    expect((await pool.query('SELECT 1 FROM users WHERE id = $1', [user.id])).rowCount).toBe(0);
    expect((await pool.query('SELECT 1 FROM user_keys WHERE user_id = $1', [user.id])).rowCount).toBe(0);
    expect((await pool.query('SELECT 1 FROM payment_methods WHERE user_id = $1', [user.id])).rowCount).toBe(0);
    expect(await readUserKey(pool, serverKeyring(), user.id)).toBeNull();

    const events = await app.running.store.readStream(`user-${user.id}`);
    expect(events.at(-1)!.type).toBe('AccountDeleted');
    const first = events[0]!;
    if (!isEvent(first, 'UserRegistered')) throw new Error(`expected UserRegistered first, found ${first.type}`);
    const registeredEvent = first.data;
    expect(unseal(keyBefore!, user.id, registeredEvent.profile)).toMatchObject({ email });
    const otherKey = serverKeyring().newUserKey();
    expect(() => unseal(otherKey, user.id, registeredEvent.profile)).toThrow();

    const again = await call({ method: 'POST', url: '/api/auth/register', payload: signUp({ email }) });
    expect(again.statusCode).toBe(201);
    expect(again.json().user.id).not.toBe(user.id);
  });
  it('two tabs and an admin deleting it at once: one AccountDeleted, and every request is told it is deleted', async () => {
    const { token, password, user } = await registered();
    const admin = await signedInStaff(app, 'admin3');
    const own = () => call({ method: 'DELETE', url: '/api/user/account', token, payload: { password, confirmText: 'DELETE MY ACCOUNT' } });
    const byAdmin = call({ method: 'DELETE', url: `/api/admin/users/${user.id}`, token: admin.token, payload: { reason: 'Asked by e-mail' } });
    const answers = await Promise.all([own(), own(), byAdmin]);
    expect(answers.map((a) => [a.statusCode, a.json().message])).toEqual([
      [200, 'Your account has been deleted'],
      [200, 'Your account has been deleted'],
      [200, expect.stringMatching(/^(User Deleted|This user was already deleted\.)$/)],
    ]);
    const events = await app.running.store.readStream(`user-${user.id}`);
    expect(events.filter((e) => e.type === 'AccountDeleted')).toHaveLength(1);
    expect(await readUserKey(app.running.pool, serverKeyring(), user.id)).toBeNull();
  });

  it('one that stopped after AccountDeleted is finished when the owner sends it again: the key goes, the address is free', async () => {
    const { token, email, password, user } = await registered();
    // The process stopped right after the append: nothing was forgotten yet.
    const stopped = { actor: { kind: 'user' as const, id: user.id, role: null }, correlationId: 'stopped-deletion', now: new Date() };
    await handleCommand(app.running.store, `user-${user.id}`, userDecider, { type: 'DeleteAccount', data: { reason: 'user_request', deletedAt: stopped.now.toISOString() } }, stopped);
    const again = await call({ method: 'DELETE', url: '/api/user/account', token, payload: { password, confirmText: 'DELETE MY ACCOUNT' } });
    expect([again.statusCode, again.json().message]).toEqual([200, 'Your account has been deleted']);
    expect(await readUserKey(app.running.pool, serverKeyring(), user.id)).toBeNull();
    expect((await call({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(401);
    expect((await app.running.store.readStream(`user-${user.id}`)).filter((e) => e.type === 'AccountDeleted')).toHaveLength(1);
    expect((await call({ method: 'POST', url: '/api/auth/register', payload: signUp({ email }) })).statusCode).toBe(201);
  });
});

describe('never a 500', () => {
  it('answered every call above without a server error', () => {
    expect(statuses.length).toBeGreaterThan(50);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });
});
