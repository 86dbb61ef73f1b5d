// The accounts use cases. Each one opens what it must (password hash, TOTP secret, profile) with the
// user's key, then hands the decider an already-sealed command; `handleCommand` appends at the
// expected revision, so two concurrent writers (say, two logins with one TOTP code) can't both win.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from 'pino';
import { handleCommand, loadState, type CommandContext } from '../domain/command-handler.js';
import { AppError, conflict, unauthorized, unprocessable, validationError } from '../errors.js';
import type { EventStore } from '../eventstore/types.js';
import type { Position } from '../eventstore/position.js';
import type { Mailer } from '../mail/mailer.js';
import type { PaymentProvider } from '../payments/provider.js';
import {
  MESSAGES,
  type LoginRequest,
  type NotificationPreferenceKey,
  type NotificationPreferences,
  type ProfileUpdateRequest,
  type RegisterRequest,
} from '../schemas/accounts.js';
import { normaliseEmail, seal, unseal, type ServerKeyring } from './crypto.js';
import { userDecider, type ActiveUser, type UserCommand, type UserState } from './decider.js';
import { sealedProfileSchema, userStreamId, type SealedCard, type SealedProfile } from './events.js';
import type { AttemptLimiter } from './attempt-limiter.js';
import { burnPasswordCheck, hashPassword, verifyPassword, type PasswordHash } from './passwords.js';
import type { Sessions } from './sessions.js';
import { checkTotp, newTotpSecret, totpQrCode } from './totp.js';
import { UserKeys } from './user-keys.js';

export interface AccountServiceDeps {
  readonly store: EventStore;
  readonly pool: pg.Pool;
  readonly keyring: ServerKeyring;
  readonly payments: PaymentProvider;
  readonly sessions: Sessions;
  readonly limiter: AttemptLimiter;
  readonly log: Logger;
  readonly publicUrl: string;
  readonly mailer: Mailer;
}

export interface SignedIn {
  readonly userId: string;
  readonly token: string;
  readonly position: Position | undefined;
}

export interface Requester {
  readonly context: CommandContext;
  readonly userAgent?: string | null;
}

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const invalidCredentials = () => unauthorized(MESSAGES.invalidCredentials);
const asUser = (context: CommandContext, userId: string): CommandContext => ({
  ...context,
  actor: { kind: 'user', id: userId, role: null },
});

function splitName(fullName: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

function deriveUsername(email: string): string {
  const local = normaliseEmail(email).split('@')[0] ?? 'user';
  const suffix = Array.from(randomBytes(4), (b) => 'abcdefghijklmnopqrstuvwxyz0123456789'[b % 36]).join('');
  return `${local}${suffix}`;
}

export class AccountService {
  private readonly keys: UserKeys;
  /** Password-reset work still running after its request was answered. */
  private readonly background = new Set<Promise<void>>();

  constructor(private readonly deps: AccountServiceDeps) {
    this.keys = new UserKeys(deps.pool, deps.keyring);
  }

  // ---- loading -----------------------------------------------------------------------------

  async loadState(userId: string): Promise<UserState> {
    return (await loadState(this.deps.store, userStreamId(userId), userDecider)).state;
  }

  /** The active user with their key; a deleted or unknown account is a 401. */
  private async open(userId: string): Promise<{ user: ActiveUser; key: Buffer }> {
    const state = await this.loadState(userId);
    const key = state.status === 'active' ? await this.keys.find(userId) : null;
    if (state.status !== 'active' || !key) throw unauthorized('This account no longer exists.');
    return { user: state, key };
  }

  private run(userId: string, command: UserCommand, context: CommandContext) {
    return handleCommand(this.deps.store, userStreamId(userId), userDecider, command, asUser(context, userId));
  }

  private async passwordMatches(user: ActiveUser, key: Buffer, password: string): Promise<boolean> {
    return verifyPassword(password, unseal<PasswordHash>(key, user.userId, user.password));
  }

  /**
   * What a sensitive change (2FA off, new e-mail, deletion, new password) must carry: the password,
   * or a current code when two-factor is on. Every check is counted by the limiter
   * (`sensitive_change`, per user and client), so a stolen session can't guess its way through.
   */
  private async proveOwner(user: ActiveUser, key: Buffer, proof: Proof, context: CommandContext): Promise<'password' | 'totp_code'> {
    if (!proof.password && !proof.code) throw validationError(proof.missing, { issues: [{ path: 'password', message: proof.missing }] });
    const attempt = await this.deps.limiter.begin('sensitive_change', { account: user.userId, ip: context.clientIp }, context.now);
    if (proof.password) {
      if (!(await this.passwordMatches(user, key, proof.password))) throw unprocessable(proof.wrongPassword ?? 'Password is incorrect');
      await attempt.succeeded();
      return 'password';
    }
    if (user.twoFactor.status !== 'on') throw unprocessable('Two-factor authentication is off: confirm with your password instead.');
    const secret = unseal<{ secret: string }>(key, user.userId, user.twoFactor.secret).secret;
    const check = await checkTotp(secret, proof.code!, user.lastTotpTimeStep, context.now);
    if (!check.valid) throw unprocessable(check.replayed ? 'This code has already been used. Wait for the next one.' : MESSAGES.invalidVerificationCode);
    await attempt.succeeded();
    return 'totp_code';
  }

  // ---- sign-up -----------------------------------------------------------------------------

  async register(input: RegisterRequest, requester: Requester): Promise<SignedIn> {
    const { context } = requester;
    const emailHmac = this.deps.keyring.emailHmac(input.email);
    if (await this.keys.userIdByEmailHmac(emailHmac)) throw conflict(MESSAGES.duplicateEmail);
    const userId = randomUUID();
    const card = input.paymentMethodId ? await this.claimPaymentMethod(input.paymentMethodId, userId) : null;
    let key: Buffer;
    try {
      key = await this.keys.create(userId, emailHmac);
    } catch (error) {
      if (card) await this.releasePaymentMethod(card.paymentMethodId, userId);
      throw error;
    }
    const names = input.firstName && input.lastName !== undefined ? { firstName: input.firstName, lastName: input.lastName } : splitName(input.fullName);
    const profile: SealedProfile = {
      email: input.email.trim(),
      username: input.username?.trim() || deriveUsername(input.email),
      fullName: input.fullName,
      ...names,
      phone: input.phone,
      address: input.address,
      city: input.city,
      state: input.state,
      zipCode: input.zipCode,
      country: input.country,
    };
    const now = context.now.toISOString();
    try {
      const { appended } = await this.run(
        userId,
        {
          type: 'RegisterUser',
          data: {
            userId,
            emailHmac,
            accountType: input.accountType,
            profile: seal(key, userId, profile),
            password: seal(key, userId, await hashPassword(input.password)),
            termsAcceptedAt: now,
            privacyAcceptedAt: now,
            registeredAt: now,
          },
          paymentMethod: card ? { provider: this.deps.payments.kind, card: seal(key, userId, card) } : null,
        },
        context,
      );
      const token = await this.deps.sessions.create(userId, { clientIp: context.clientIp ?? null, userAgent: requester.userAgent ?? null });
      await this.deps.limiter.recognise('creator_login', { account: emailHmac, ip: context.clientIp }, context.now);
      return { userId, token, position: appended?.position };
    } catch (error) {
      await this.keys.destroy(userId);
      if (card) await this.releasePaymentMethod(card.paymentMethodId, userId);
      throw error;
    }
  }

  /** Asks the provider (never the client) for the card, and claims it for this account. */
  private async claimPaymentMethod(paymentMethodId: string, userId: string): Promise<SealedCard> {
    const method = await this.deps.payments.retrievePaymentMethod(paymentMethodId);
    if (!method) throw unprocessable('We could not find that payment method. Please add your card again.');
    const { rowCount } = await this.deps.pool.query(
      `INSERT INTO payment_methods (id, provider, user_id, brand, last4, exp_month, exp_year, attached_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now())
       ON CONFLICT (id) DO UPDATE SET user_id = EXCLUDED.user_id, attached_at = now()
         WHERE payment_methods.user_id IS NULL`,
      [method.id, this.deps.payments.kind, userId, method.brand, method.last4, method.expMonth, method.expYear],
    );
    if (rowCount === 0) throw conflict('This payment method is already attached to another account.');
    return { paymentMethodId: method.id, brand: method.brand, last4: method.last4, expMonth: method.expMonth, expYear: method.expYear };
  }

  private async releasePaymentMethod(paymentMethodId: string, userId: string): Promise<void> {
    await this.deps.pool.query('UPDATE payment_methods SET user_id = NULL, attached_at = NULL WHERE id = $1 AND user_id = $2', [
      paymentMethodId,
      userId,
    ]);
  }

  // ---- sessions ----------------------------------------------------------------------------

  async login(input: LoginRequest, requester: Requester): Promise<SignedIn> {
    const { context } = requester;
    const emailHmac = this.deps.keyring.emailHmac(input.email);
    // Counted before the password is checked (429 when this client or account must wait).
    const attempt = await this.deps.limiter.begin('creator_login', { account: emailHmac, ip: context.clientIp }, context.now);
    const fail = async (userId: string | null, reason: 'wrong_password' | 'wrong_totp_code' | 'totp_code_replayed', error: AppError) => {
      if (userId) await this.run(userId, { type: 'RecordLoginFailure', data: { reason } }, context).catch(() => undefined);
      throw error;
    };

    const userId = await this.keys.userIdByEmailHmac(emailHmac);
    const state = userId ? await this.loadState(userId) : null;
    const key = userId && state?.status === 'active' ? await this.keys.find(userId) : null;
    if (!userId || state?.status !== 'active' || !key) {
      await burnPasswordCheck(input.password);
      return fail(null, 'wrong_password', invalidCredentials());
    }
    if (!(await this.passwordMatches(state, key, input.password))) return fail(userId, 'wrong_password', invalidCredentials());

    let totpTimeStep: number | null = null;
    if (state.twoFactor.status === 'on') {
      if (!input.totpCode) {
        await attempt.release();
        throw twoFactorError(MESSAGES.twoFactorRequired);
      }
      const secret = unseal<{ secret: string }>(key, userId, state.twoFactor.secret).secret;
      const check = await checkTotp(secret, input.totpCode, state.lastTotpTimeStep, context.now);
      if (!check.valid) {
        return check.replayed
          ? fail(userId, 'totp_code_replayed', twoFactorError('This code has already been used. Wait for the next one.'))
          : fail(userId, 'wrong_totp_code', twoFactorError('Invalid two-factor code'));
      }
      totpTimeStep = check.timeStep;
    }
    const { appended } = await this.run(
      userId,
      {
        type: 'RecordLogin',
        data: { method: totpTimeStep === null ? 'password' : 'password+totp', totpTimeStep, rememberMe: input.rememberMe ?? false },
      },
      context,
    );
    await attempt.succeeded();
    const token = await this.deps.sessions.create(userId, {
      rememberMe: input.rememberMe ?? false,
      clientIp: context.clientIp ?? null,
      userAgent: requester.userAgent ?? null,
    });
    return { userId, token, position: appended?.position };
  }

  // ---- profile, password, preferences ------------------------------------------------------

  async updateProfile(userId: string, patch: ProfileUpdateRequest, context: CommandContext): Promise<Position | undefined> {
    const { user, key } = await this.open(userId);
    const current = sealedProfileSchema.parse(unseal(key, userId, user.profile));
    const { accountType, currentPassword, totpCode, ...fields } = patch;
    const next: SealedProfile = { ...current, ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) };
    if (fields.fullName && fields.firstName === undefined && fields.lastName === undefined) Object.assign(next, splitName(fields.fullName));
    const emailHmac = this.deps.keyring.emailHmac(next.email);
    // The e-mail is where password resets go: moving it takes the password (or a current code).
    if (emailHmac !== user.emailHmac) {
      await this.proveOwner(user, key, { password: currentPassword, code: totpCode, missing: MESSAGES.emailChangeNeedsPassword }, context);
    }
    if (emailHmac !== user.emailHmac) await this.keys.changeEmailHmac(userId, emailHmac);
    try {
      const { appended } = await this.run(
        userId,
        { type: 'UpdateProfile', data: { emailHmac, accountType: accountType ?? user.accountType, profile: seal(key, userId, next) } },
        context,
      );
      if (emailHmac !== user.emailHmac) await this.deps.limiter.recognise('creator_login', { account: emailHmac, ip: context.clientIp }, context.now);
      return appended?.position;
    } catch (error) {
      if (emailHmac !== user.emailHmac) await this.keys.changeEmailHmac(userId, user.emailHmac);
      throw error;
    }
  }

  async changePassword(
    userId: string,
    input: { currentPassword: string; newPassword: string },
    currentToken: string | null,
    context: CommandContext,
  ): Promise<Position | undefined> {
    const { user, key } = await this.open(userId);
    await this.proveOwner(
      user,
      key,
      { password: input.currentPassword, missing: 'Current password is required', wrongPassword: 'Current password is incorrect' },
      context,
    );
    const { appended } = await this.run(
      userId,
      {
        type: 'ChangePassword',
        data: { password: seal(key, userId, await hashPassword(input.newPassword)), reason: 'changed', changedAt: context.now.toISOString() },
      },
      context,
    );
    await this.deps.sessions.revokeAll(userId, currentToken);
    return appended?.position;
  }

  async setNotificationPreferences(userId: string, preferences: NotificationPreferences, context: CommandContext) {
    await this.open(userId);
    const { appended } = await this.run(userId, { type: 'ChangeNotificationPreferences', data: { preferences } }, context);
    return appended?.position;
  }

  async setNotificationPreference(userId: string, key: NotificationPreferenceKey, value: boolean, context: CommandContext) {
    const { user } = await this.open(userId);
    return this.setNotificationPreferences(userId, { ...user.preferences, [key]: value }, context);
  }

  // ---- two-factor --------------------------------------------------------------------------

  async startTwoFactor(userId: string, context: CommandContext): Promise<{ secret: string; qrCode: string }> {
    const { user, key } = await this.open(userId);
    const secret = newTotpSecret();
    await this.run(userId, { type: 'StartTwoFactorSetup', data: { secret: seal(key, userId, { secret }) } }, context);
    const email = sealedProfileSchema.parse(unseal(key, userId, user.profile)).email;
    return { secret, qrCode: await totpQrCode(secret, email) };
  }

  async verifyTwoFactor(userId: string, code: string, context: CommandContext): Promise<Position | undefined> {
    const { user, key } = await this.open(userId);
    if (user.twoFactor.status === 'on') throw conflict('Two-factor authentication is already enabled.');
    if (user.twoFactor.status === 'off') throw unprocessable('Start two-factor setup first.');
    const attempt = await this.deps.limiter.begin('totp', { account: userId, ip: context.clientIp }, context.now);
    const secret = unseal<{ secret: string }>(key, userId, user.twoFactor.secret).secret;
    const check = await checkTotp(secret, code, user.lastTotpTimeStep, context.now);
    if (!check.valid) {
      throw unprocessable(check.replayed ? 'This code has already been used. Wait for the next one.' : MESSAGES.invalidVerificationCode);
    }
    await attempt.succeeded();
    const { appended } = await this.run(userId, { type: 'EnableTwoFactor', data: { timeStep: check.timeStep } }, context);
    return appended?.position;
  }

  /** Always needs the password or a current code, whatever the session's age. */
  async disableTwoFactor(
    userId: string,
    proof: { password?: string | undefined; token?: string | undefined } | null | undefined,
    context: CommandContext,
  ): Promise<Position | undefined> {
    const { user, key } = await this.open(userId);
    if (user.twoFactor.status !== 'on') throw conflict('Two-factor authentication is not enabled.');
    const how = await this.proveOwner(user, key, { password: proof?.password, code: proof?.token, missing: MESSAGES.twoFactorOffNeedsProof }, context);
    const { appended } = await this.run(userId, { type: 'DisableTwoFactor', data: { proof: how } }, context);
    return appended?.position;
  }

  // ---- deletion ----------------------------------------------------------------------------

  /** Appends AccountDeleted, then forgets the person: key, sessions, card summary, dev-outbox copies. */
  async deleteAccount(userId: string, password: string, context: CommandContext): Promise<Position | undefined> {
    const { user, key } = await this.open(userId);
    const email = sealedProfileSchema.parse(unseal(key, userId, user.profile)).email;
    await this.proveOwner(user, key, { password, missing: 'Password is required' }, context);
    const { appended } = await this.run(userId, { type: 'DeleteAccount', data: { reason: 'user_request', deletedAt: context.now.toISOString() } }, context);
    await this.keys.destroy(userId);
    await this.deps.sessions.revokeAll(userId);
    const pool = this.deps.pool;
    await pool.query('DELETE FROM payment_methods WHERE user_id = $1', [userId]);
    await pool.query('DELETE FROM password_resets WHERE user_id = $1', [userId]);
    await pool.query('DELETE FROM outbox_emails WHERE lower(to_email) = lower($1)', [email]);
    return appended?.position;
  }

  // ---- password reset ----------------------------------------------------------------------

  /**
   * Answers at once, whatever the address: the lookup, the token and the e-mail happen in the
   * background, so neither the answer nor its timing tells whether an account exists.
   */
  requestPasswordReset(email: string, context: CommandContext): void {
    // Started on the next turn of the event loop, once the answer is on its way.
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.sendPasswordReset(email, context))
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'password reset e-mail failed'));
    this.background.add(task);
    void task.finally(() => this.background.delete(task));
  }

  /** Resolves when every background password reset has finished (the app waits for it on close). */
  async settled(): Promise<void> {
    while (this.background.size > 0) await Promise.all(this.background);
  }

  private async sendPasswordReset(email: string, context: CommandContext): Promise<void> {
    const userId = await this.keys.userIdByEmailHmac(this.deps.keyring.emailHmac(email));
    if (!userId) return;
    const state = await this.loadState(userId);
    if (state.status !== 'active') return;
    const token = randomBytes(32).toString('base64url');
    const tokenHash = createHash('sha256').update(token).digest();
    const expiresAt = new Date(context.now.getTime() + RESET_TOKEN_TTL_MS);
    await this.deps.pool.query('INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [tokenHash, userId, expiresAt]);
    await this.run(userId, { type: 'RequestPasswordReset', data: { tokenHash: tokenHash.toString('hex'), expiresAt: expiresAt.toISOString() } }, context);
    // The web app takes the token on its /forgot-password page.
    const link = `${this.deps.publicUrl}/forgot-password?token=${token}`;
    await this.deps.mailer.send({
      to: email.trim(),
      subject: 'Reset your TitleLedger password',
      text: `Someone asked to reset the password of your TitleLedger account. If it was you, open this link within an hour:\n\n${link}\n\nIf it wasn't, ignore this e-mail: your password stays as it is.`,
    });
  }

  async resetPassword(token: string, password: string, context: CommandContext): Promise<Position | undefined> {
    const { rows } = await this.deps.pool.query<{ user_id: string }>(
      `UPDATE password_resets SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id`,
      [createHash('sha256').update(token).digest(), context.now],
    );
    const userId = rows[0]?.user_id;
    if (!userId) throw unprocessable('This reset link is invalid or has expired. Ask for a new one.');
    const { user, key } = await this.open(userId);
    // The owner has just proved they hold the e-mail: strangers' failures no longer slow the account.
    await this.deps.limiter.clearAccount('creator_login', user.emailHmac);
    const { appended } = await this.run(
      userId,
      { type: 'ChangePassword', data: { password: seal(key, userId, await hashPassword(password)), reason: 'reset', changedAt: context.now.toISOString() } },
      context,
    );
    await this.deps.sessions.revokeAll(userId);
    return appended?.position;
  }
}

interface Proof {
  readonly password?: string | undefined;
  readonly code?: string | undefined;
  /** Shown (400) when neither is sent. */
  readonly missing: string;
  readonly wrongPassword?: string;
}

function twoFactorError(message: string): AppError {
  return new AppError('unauthorized', message, { twoFactorRequired: true });
}
