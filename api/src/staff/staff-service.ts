// The staff use cases. Each one checks what needs secrets or other tables (the password, the e-mail
// index, the throttle), then hands the decider a command through `handleCommand`, which appends at
// the expected revision; sessions end at once on sign-out, deletion, role change and password reset.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { CommandContext } from '../domain/command-handler.js';
import { handleCommand, handleCommandDecidingAgain } from '../domain/command-handler.js';
import { AppError, conflict, forbidden, notFound, unauthorized, unprocessable } from '../errors.js';
import { WrongExpectedRevisionError, type EventStore, type RecordedEvent } from '../eventstore/types.js';
import type { Position } from '../eventstore/position.js';
import { normaliseEmail } from '../accounts/crypto.js';
import { burnPasswordCheck, hashPassword, verifyPassword, type PasswordHash } from '../accounts/passwords.js';
import type { Queryable } from '../accounts/user-keys.js';
import { checkTotp, newTotpSecret, totpQrCode } from '../accounts/totp.js';
import {
  STAFF_MESSAGES,
  staffPasswordSchema,
  type InvitableRole,
  type SignedInStaff,
  type StaffInviteRequest,
  type StaffLoginRequest,
  type StaffPasswordResetRequest,
  type StaffRole,
} from '../schemas/staff.js';
import type { AttemptLimiter } from '../accounts/attempt-limiter.js';
import { STAFF_ERRORS, staffDecider, type ActiveStaff, type StaffCommand, type StaffState } from './decider.js';
import { staffStreamId } from './events.js';
import type { Mailer } from '../mail/mailer.js';
import { isolate } from '../schemas/isolate.js';
import type { StaffSessions } from './staff-sessions.js';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 24 * 60 * 60 * 1000;

export type StaffPortal = 'admin' | 'master-admin';

export interface StaffServiceDeps {
  readonly store: EventStore;
  readonly db: Queryable;
  readonly sessions: StaffSessions;
  readonly limiter: AttemptLimiter;
  readonly mailer: Pick<Mailer, 'send'>;
  readonly publicUrl: string;
}

export interface StaffSignIn {
  readonly token: string;
  readonly admin: SignedInStaff;
  readonly position: Position | undefined;
}

export interface Invitation {
  readonly staffId: string;
  /** The raw token: e-mailed, never stored, never answered to the inviter. */
  readonly token: string;
  readonly position: Position | undefined;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * An invitation or reset token names its account (`<staffId>.<secret>`), so using it needs no lookup
 * table: the stream holds the SHA-256 it must match.
 */
const newStaffToken = (staffId: string) => `${staffId}.${randomBytes(32).toString('base64url')}`;

function parseStaffToken(token: string): { staffId: string; tokenHash: string } | null {
  const [staffId, secret, ...rest] = token.trim().split('.');
  if (!staffId || !secret || rest.length > 0 || !UUID.test(staffId)) return null;
  return { staffId, tokenHash: sha256(token.trim()) };
}

const signedInStaff = (staff: ActiveStaff): SignedInStaff => ({
  id: staff.staffId,
  email: staff.email,
  firstName: staff.firstName,
  lastName: staff.lastName,
  role: staff.role,
  twoFactorEnabled: staff.twoFactor,
});

export class StaffService {
  constructor(private readonly deps: StaffServiceDeps) {}

  async loadState(staffId: string): Promise<StaffState> {
    return this.fold(await this.deps.store.readStream(staffStreamId(staffId)));
  }

  private fold(history: readonly RecordedEvent[]): StaffState {
    return history.reduce<StaffState>(
      (state, event) => staffDecider.evolve(state, event as unknown as Parameters<typeof staffDecider.evolve>[1]),
      staffDecider.initialState,
    );
  }

  private run(staffId: string, command: StaffCommand, context: CommandContext) {
    return handleCommand(this.deps.store, staffStreamId(staffId), staffDecider, command, context);
  }

  /**
   * Appends a password reset or a deletion, deciding again on the stream as it now is when another
   * event landed first (a failed sign-in, say): a reset racing another completion of the same link
   * then meets the spent link and is refused, a deletion racing another (the master admin's second
   * tab) meets the deleted account (404, saying so) instead of a 409 "try again", and one racing
   * anything else still goes through.
   */
  private runDecidingAgain(staffId: string, command: StaffCommand, context: CommandContext) {
    return handleCommandDecidingAgain(this.deps.store, staffStreamId(staffId), staffDecider, command, context);
  }

  async staffIdByEmail(email: string): Promise<string | null> {
    const { rows } = await this.deps.db.query<{ staff_id: string }>('SELECT staff_id FROM staff_emails WHERE email = $1', [normaliseEmail(email)]);
    return rows[0]?.staff_id ?? null;
  }

  /** Claims the address for a new account; a taken address is a 409. */
  private async claimEmail(email: string, staffId: string): Promise<void> {
    try {
      await this.deps.db.query('INSERT INTO staff_emails (email, staff_id) VALUES ($1, $2)', [normaliseEmail(email), staffId]);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(STAFF_ERRORS.alreadyStaff);
      throw error;
    }
  }

  private async releaseEmail(staffId: string): Promise<void> {
    await this.deps.db.query('DELETE FROM staff_emails WHERE staff_id = $1', [staffId]);
  }

  /**
   * Stores the hash set by the event at stream `revision` (null: not known); with `keep`, only where
   * the account has none yet. Whether it was stored.
   */
  private async storePasswordHash(staffId: string, passwordHash: PasswordHash, revision: bigint | null, existing: 'replace' | 'keep' = 'replace'): Promise<boolean> {
    const { rowCount } = await this.deps.db.query(
      `INSERT INTO staff_credentials (staff_id, password_hash, set_at_revision) VALUES ($1, $2, $3)
       ON CONFLICT (staff_id) DO ${existing === 'replace' ? 'UPDATE SET password_hash = EXCLUDED.password_hash, set_at_revision = EXCLUDED.set_at_revision, updated_at = now()' : 'NOTHING'}`,
      [staffId, JSON.stringify(passwordHash), revision?.toString() ?? null],
    );
    return rowCount === 1;
  }

  /**
   * Stores the password of the reset appended at stream `revision`, only over a password set before
   * it: never over one a later event set, nor over one another completion of the same link stored
   * first. The request that appended the reset also writes over a password of unknown age; one
   * finishing a reset whose write never happened does not. Whether it was stored.
   */
  private async storeResetPassword(staffId: string, passwordHash: PasswordHash, revision: bigint, by: 'appending' | 'finishing'): Promise<boolean> {
    const older = by === 'appending' ? 'c.set_at_revision IS NULL OR c.set_at_revision < EXCLUDED.set_at_revision' : 'c.set_at_revision < EXCLUDED.set_at_revision';
    const { rowCount } = await this.deps.db.query(
      `INSERT INTO staff_credentials AS c (staff_id, password_hash, set_at_revision) VALUES ($1, $2, $3)
       ON CONFLICT (staff_id) DO UPDATE SET password_hash = EXCLUDED.password_hash, set_at_revision = EXCLUDED.set_at_revision, updated_at = now()
        WHERE ${older}`,
      [staffId, JSON.stringify(passwordHash), revision.toString()],
    );
    return rowCount === 1;
  }

  private async storedPasswordHash(staffId: string): Promise<PasswordHash | null> {
    const { rows } = await this.deps.db.query<{ password_hash: PasswordHash }>('SELECT password_hash FROM staff_credentials WHERE staff_id = $1', [staffId]);
    return rows[0]?.password_hash ?? null;
  }

  /** The stored hash `password` matches, or null. */
  private async matchedPasswordHash(staffId: string, password: string): Promise<PasswordHash | null> {
    const stored = await this.storedPasswordHash(staffId);
    if (!stored) {
      await burnPasswordCheck(password);
      return null;
    }
    return (await verifyPassword(password, stored)) ? stored : null;
  }

  private async passwordMatches(staffId: string, password: string): Promise<boolean> {
    return (await this.matchedPasswordHash(staffId, password)) !== null;
  }

  // ---- master admins -------------------------------------------------------------------------

  /** Whether any master admin exists (master admins are never removed, so one event is enough). */
  async masterAdminExists(): Promise<boolean> {
    const found = await this.deps.store.readAll({ eventTypes: ['MasterAdminCreated'], maxCount: 1 });
    return found.length > 0;
  }

  async createMasterAdmin(
    input: { email: string; password: string; firstName?: string; lastName?: string; source: 'environment' | 'cli' },
    context: CommandContext,
  ): Promise<{ staffId: string; position: Position | undefined }> {
    const password = staffPasswordSchema.safeParse(input.password);
    if (!password.success) throw unprocessable(`MASTER_ADMIN_PASSWORD: ${STAFF_MESSAGES.weakPassword}`);
    const staffId = randomUUID();
    await this.claimEmail(input.email, staffId);
    try {
      // Stored before the stream's first event (revision 0) is appended.
      await this.storePasswordHash(staffId, await hashPassword(input.password), 0n);
      const { appended } = await this.run(
        staffId,
        {
          type: 'CreateMasterAdmin',
          data: {
            staffId,
            email: input.email.trim(),
            firstName: input.firstName ?? 'Master',
            lastName: input.lastName ?? 'Admin',
            source: input.source,
            createdAt: context.now.toISOString(),
          },
        },
        context,
      );
      return { staffId, position: appended?.position };
    } catch (error) {
      await this.releaseEmail(staffId);
      await this.deps.db.query('DELETE FROM staff_credentials WHERE staff_id = $1', [staffId]);
      throw error;
    }
  }

  /** At start: MASTER_ADMIN_EMAIL/PASSWORD make the first master admin; ignored once one exists. */
  async ensureFirstMasterAdmin(email: string, password: string, context: CommandContext): Promise<'created' | 'exists'> {
    if (await this.masterAdminExists()) return 'exists';
    try {
      await this.createMasterAdmin({ email, password, source: 'environment' }, context);
      return 'created';
    } catch (error) {
      // Two processes starting at once: the other one made it.
      if ((error as { status?: number }).status === 409 && (await this.masterAdminExists())) return 'exists';
      throw error;
    }
  }

  // ---- invitations -----------------------------------------------------------------------------

  async invite(input: StaffInviteRequest, context: CommandContext): Promise<Invitation> {
    const existing = await this.staffIdByEmail(input.email);
    const staffId = existing ?? randomUUID();
    if (!existing) await this.claimEmail(input.email, staffId);
    const token = newStaffToken(staffId);
    let recorded = false;
    try {
      const { appended } = await this.run(
        staffId,
        {
          type: 'InviteStaff',
          data: {
            staffId,
            email: input.email.trim(),
            firstName: input.firstName,
            lastName: input.lastName,
            role: input.role,
            tokenHash: sha256(token),
            expiresAt: new Date(context.now.getTime() + INVITATION_TTL_MS).toISOString(),
            invitedAt: context.now.toISOString(),
          },
        },
        context,
      );
      recorded = true;
      const link = `${this.deps.publicUrl}/admin/accept-invite?token=${encodeURIComponent(token)}`;
      await this.deps.mailer.send({
        to: input.email.trim(),
        subject: 'You are invited to the TitleLedger admin portal',
        text:
          `Hello ${isolate(input.firstName)},\n\nYou have been invited to the TitleLedger admin portal as ${input.role}. ` +
          `Open this link within 7 days to set your password and accept the terms:\n\n${link}\n\n` +
          `If you were not expecting this, ignore this e-mail.`,
      });
      return { staffId, token, position: appended?.position };
    } catch (error) {
      // Invited but not told: the address stays this account's, so inviting again sends a new link to
      // the same account (the second invitation replaces the first), never a second account.
      if (recorded) {
        throw new AppError('service_unavailable', `The invitation is recorded, but its e-mail could not be sent. Invite ${input.email.trim()} again to send a new link.`);
      }
      if (!existing) await this.releaseEmail(staffId);
      throw error;
    }
  }

  /**
   * The token is checked against the account before anything else (a wrong or forged one costs a
   * read, never a password hash), and the password is stored only once this request's acceptance is
   * appended: of two requests at once (a double click, a retry), the one that loses the append
   * touches no credentials, so the winner's password stands.
   */
  async acceptInvitation(input: { token: string; password: string }, context: CommandContext): Promise<Position | undefined> {
    const link = await this.invitationLink(input.token, context.now);
    if (link.use === 'finish') return this.finishAcceptance(link.staffId, input.password);
    const { parsed, before, command } = link;
    const passwordHash = await hashPassword(input.password);
    let appended;
    try {
      ({ appended } = await this.run(parsed.staffId, command, { ...context, actor: { kind: 'admin', id: parsed.staffId, role: before.role } }));
    } catch (error) {
      // Another acceptance of the same link was appended first: this one is a used link.
      if (error instanceof WrongExpectedRevisionError) throw unprocessable(STAFF_MESSAGES.invalidInvitation);
      throw error;
    }
    await this.storePasswordHash(parsed.staffId, passwordHash, appended?.nextExpectedRevision ?? null);
    return appended?.position;
  }

  /**
   * What an invitation link can still do at `now`: accept the invitation (`accept`, with the command),
   * or finish an acceptance already appended with it (`finish`); anything else is refused ("Invalid
   * or expired invitation"). Costs reads, never a password hash.
   */
  private async invitationLink(token: string, now: Date) {
    const parsed = parseStaffToken(token);
    if (!parsed) throw unprocessable(STAFF_MESSAGES.invalidInvitation);
    const before = await this.loadState(parsed.staffId);
    if (before.status === 'active' && before.acceptedTokenHash === parsed.tokenHash) return { use: 'finish' as const, staffId: parsed.staffId };
    if (before.status !== 'invited') throw unprocessable(STAFF_MESSAGES.invalidInvitation);
    const at = now.toISOString();
    const command: StaffCommand = {
      type: 'AcceptInvitation',
      tokenHash: parsed.tokenHash,
      now: at,
      data: { termsAcceptedAt: at, privacyAcceptedAt: at, emailVerifiedAt: at },
    };
    staffDecider.decide(command, before); // a wrong or expired token: "Invalid or expired invitation"
    return { use: 'accept' as const, parsed, before, command };
  }

  /** Refuses an invitation link that accepting would refuse, with the same answer; uses nothing. */
  async checkInvitation(token: string, now: Date): Promise<void> {
    const link = await this.invitationLink(token, now);
    if (link.use === 'finish' && (await this.hasPassword(link.staffId))) throw unprocessable(STAFF_MESSAGES.invalidInvitation);
  }

  private async hasPassword(staffId: string): Promise<boolean> {
    const { rowCount } = await this.deps.db.query('SELECT 1 FROM staff_credentials WHERE staff_id = $1', [staffId]);
    return (rowCount ?? 0) > 0;
  }

  /**
   * The link of an acceptance already appended, used again: if that acceptance never stored its
   * password (the process stopped, or the database failed, between the append and the write), this
   * one stores it, so the account is not left active with no way in. Otherwise the link is used.
   */
  private async finishAcceptance(staffId: string, password: string): Promise<undefined> {
    // Looked at first so a used link costs a read, not a password hash; the insert below still
    // keeps a password that arrives meanwhile.
    if (await this.hasPassword(staffId)) throw unprocessable(STAFF_MESSAGES.invalidInvitation);
    if (!(await this.storePasswordHash(staffId, await hashPassword(password), null, 'keep'))) throw unprocessable(STAFF_MESSAGES.invalidInvitation);
    return undefined;
  }

  // ---- password resets ---------------------------------------------------------------------------

  /**
   * A master admin sends a member a link to set a new password (24 hours, single use; a newer link
   * replaces it). Only the token's SHA-256 is recorded; the link goes out by e-mail, never in the answer.
   */
  async issuePasswordReset(staffId: string, context: CommandContext): Promise<{ email: string; token: string; position: Position | undefined }> {
    const token = newStaffToken(staffId);
    const command: StaffCommand = {
      type: 'IssuePasswordReset',
      data: {
        tokenHash: sha256(token),
        expiresAt: new Date(context.now.getTime() + PASSWORD_RESET_TTL_MS).toISOString(),
        issuedAt: context.now.toISOString(),
      },
    };
    const before = await this.loadState(staffId);
    staffDecider.decide(command, before); // no such admin, a master admin, a pending invitation
    if (before.status !== 'active') throw conflict(STAFF_ERRORS.invitationPending);
    const { appended } = await this.run(staffId, command, context);
    // An account's address and names never change once invited: the ones read above are the account's.
    const { email, firstName } = before;
    const link = `${this.deps.publicUrl}/admin/reset-password?token=${encodeURIComponent(token)}`;
    try {
      await this.deps.mailer.send({
        to: email,
        subject: 'Reset your TitleLedger admin password',
        text:
          `Hello ${isolate(firstName)},\n\nA master admin has sent you a link to set a new password for the TitleLedger admin portal. ` +
          `Open it within 24 hours; it works once, and signs you out everywhere:\n\n${link}\n\n` +
          `If you did not ask for this, tell your master admin. Your current password keeps working until the link is used.`,
      });
    } catch {
      throw new AppError('service_unavailable', `The password reset is recorded, but its e-mail could not be sent. Send the reset to ${email} again to send a new link.`);
    }
    return { email, token, position: appended?.position };
  }

  /**
   * Sets the new password from a reset link. As with invitations, the token is checked against the
   * account first (a wrong, used, replaced or late one costs a read, never a password hash), and the
   * hash is stored only once this request's reset is appended: of two completions at once, the loser
   * touches no credentials. Then every session of the account ends; two-factor stays as it was.
   */
  async resetPasswordWithLink(input: StaffPasswordResetRequest, context: CommandContext): Promise<Position | undefined> {
    const link = await this.resetLink(input.token, context.now);
    if (link.use === 'finish') return this.finishReset(link.staffId, link.resetAt, input.password);
    const { parsed, before, command } = link;
    const passwordHash = await hashPassword(input.password);
    const { appended } = await this.runDecidingAgain(parsed.staffId, command, { ...context, actor: { kind: 'admin', id: parsed.staffId, role: before.role } });
    // Another completion of this link finishing the reset may have stored its password first.
    if (!(await this.storeResetPassword(parsed.staffId, passwordHash, appended!.nextExpectedRevision, 'appending'))) throw unprocessable(STAFF_MESSAGES.invalidResetLink);
    await this.deps.sessions.revokeAll(parsed.staffId);
    return appended?.position;
  }

  /**
   * What a reset link can still do at `now`: reset the password (`reset`, with the command), or
   * finish a reset already appended with it (`finish`, see finishReset); anything else is refused
   * ("Invalid or expired reset link"). Costs reads, never a password hash.
   */
  private async resetLink(token: string, now: Date) {
    const parsed = parseStaffToken(token);
    if (!parsed) throw unprocessable(STAFF_MESSAGES.invalidResetLink);
    const command: StaffCommand = { type: 'ResetPasswordWithLink', tokenHash: parsed.tokenHash, now: now.toISOString() };
    const history = await this.deps.store.readStream(staffStreamId(parsed.staffId));
    const before = this.fold(history);
    if (before.status === 'active' && before.usedReset?.tokenHash === parsed.tokenHash) {
      if (now.getTime() >= Date.parse(before.usedReset.expiresAt)) throw unprocessable(STAFF_MESSAGES.invalidResetLink);
      const resetAt = history.findLast((event) => event.type === 'StaffPasswordReset')!.revision;
      // Looked at first so a used link costs a read, not a password hash; the write in finishReset is conditional anyway.
      const { rows } = await this.deps.db.query<{ set_at_revision: string | null }>('SELECT set_at_revision FROM staff_credentials WHERE staff_id = $1', [
        parsed.staffId,
      ]);
      const storedAt = rows[0]?.set_at_revision;
      if (storedAt === null || (storedAt !== undefined && BigInt(storedAt) >= resetAt)) throw unprocessable(STAFF_MESSAGES.invalidResetLink);
      return { use: 'finish' as const, staffId: parsed.staffId, resetAt };
    }
    staffDecider.decide(command, before);
    if (before.status !== 'active') throw unprocessable(STAFF_MESSAGES.invalidResetLink);
    return { use: 'reset' as const, parsed, before, command };
  }

  /** Refuses a reset link that resetting would refuse, with the same answer; uses nothing. */
  async checkResetLink(token: string, now: Date): Promise<void> {
    await this.resetLink(token, now);
  }

  /**
   * The link of a reset already appended, used again while it would still be valid: if that reset
   * never stored its password (the process stopped, or the database failed, between the append and
   * the write), this one stores it and ends the sessions, so the member is not left with the old
   * password and a spent link. Otherwise the link is used.
   */
  private async finishReset(staffId: string, resetAt: bigint, password: string): Promise<undefined> {
    if (!(await this.storeResetPassword(staffId, await hashPassword(password), resetAt, 'finishing'))) throw unprocessable(STAFF_MESSAGES.invalidResetLink);
    await this.deps.sessions.revokeAll(staffId);
    return undefined;
  }

  /**
   * `npm run admin -- reset-password`: any staff member's new password, a master admin's included.
   * Whoever runs it holds the server (the trust boundary), so no link is needed; it is logged all the same.
   */
  async resetPasswordFromServer(email: string, password: string, context: CommandContext): Promise<{ role: StaffRole; position: Position | undefined }> {
    if (!staffPasswordSchema.safeParse(password).success) throw unprocessable(`password: ${STAFF_MESSAGES.weakPassword}`);
    const staffId = await this.staffIdByEmail(email);
    if (!staffId) throw notFound(`${STAFF_ERRORS.noSuchAdmin} (${email.trim()})`);
    const command: StaffCommand = { type: 'ResetPasswordFromServer', now: context.now.toISOString() };
    const before = await this.loadState(staffId);
    staffDecider.decide(command, before);
    if (before.status !== 'active') throw conflict(STAFF_ERRORS.invitationPending);
    const passwordHash = await hashPassword(password);
    const { appended } = await this.runDecidingAgain(staffId, command, context);
    await this.storePasswordHash(staffId, passwordHash, appended?.nextExpectedRevision ?? null);
    await this.deps.sessions.revokeAll(staffId);
    return { role: before.role, position: appended?.position };
  }

  // ---- sessions ---------------------------------------------------------------------------------

  async login(portal: StaffPortal, input: StaffLoginRequest, context: CommandContext, userAgent: string | null): Promise<StaffSignIn> {
    const invalid = () => unauthorized(portal === 'admin' ? STAFF_MESSAGES.invalidAdminCredentials : STAFF_MESSAGES.invalidCredentials);
    // Counted before the password is checked (429 when this client or account must wait), in Postgres,
    // with the creators' limits; the account key is a hash, so guessed addresses are not stored.
    const attempt = await this.deps.limiter.begin('staff_login', { account: sha256(normaliseEmail(input.email)), ip: context.clientIp }, context.now);

    type Reason = 'wrong_password' | 'not_master_admin' | 'invitation_pending' | 'wrong_totp_code' | 'totp_code_replayed';
    const fail = async (staffId: string | null, reason: Reason, error: AppError = invalid()) => {
      if (staffId) {
        await this.run(staffId, { type: 'RecordSignInFailure', data: { portal, reason } }, { ...context, actor: { kind: 'anonymous', id: null, role: null } }).catch(
          () => undefined,
        );
      }
      return error;
    };

    const staffId = await this.staffIdByEmail(input.email);
    const state = staffId ? await this.loadState(staffId) : null;
    if (!staffId || !state || (state.status !== 'active' && state.status !== 'invited')) {
      await burnPasswordCheck(input.password);
      throw await fail(null, 'wrong_password');
    }
    if (state.status === 'invited') {
      await burnPasswordCheck(input.password);
      throw await fail(staffId, 'invitation_pending');
    }
    const matched = await this.matchedPasswordHash(staffId, input.password);
    if (!matched) throw await fail(staffId, 'wrong_password');
    if (portal === 'master-admin' && state.role !== 'master_admin') throw await fail(staffId, 'not_master_admin');

    let totpTimeStep: number | null = null;
    if (state.twoFactor) {
      if (!input.totpCode) {
        await attempt.release();
        throw twoFactorError(STAFF_ERRORS.twoFactorRequired);
      }
      const check = await checkTotp((await this.totpSecrets(staffId)).active ?? '', input.totpCode, state.lastTotpTimeStep, context.now);
      if (!check.valid) {
        throw check.replayed
          ? await fail(staffId, 'totp_code_replayed', twoFactorError(STAFF_ERRORS.codeReplayed))
          : await fail(staffId, 'wrong_totp_code', twoFactorError('Invalid two-factor code'));
      }
      totpTimeStep = check.timeStep;
    }

    // Sign-ins at once (a double click, two tabs) each append: one that loses decides again on the
    // stream as it now is (a TOTP code just used is then a replay) rather than answering 409. Anything
    // but a refusal is not a guess: the attempt is taken back.
    let appended;
    try {
      ({ appended } = await handleCommandDecidingAgain(
        this.deps.store,
        staffStreamId(staffId),
        staffDecider,
        { type: 'RecordSignIn', data: { portal, totpTimeStep } },
        { ...context, actor: { kind: 'admin', id: staffId, role: state.role } },
        5,
      ));
    } catch (error) {
      if (!(error instanceof AppError && (error.code === 'unauthorized' || error.code === 'forbidden'))) await attempt.release().catch(() => undefined);
      throw error;
    }
    await attempt.succeeded();
    const token = await this.deps.sessions.create(staffId, state.role, { clientIp: context.clientIp ?? null, userAgent });
    // A role change, deletion or password reset that landed between our reads and the session insert
    // ends it here (a reset revokes sessions only after storing the new hash: one made after that sees it).
    const after = await this.loadState(staffId);
    const samePassword = JSON.stringify(await this.storedPasswordHash(staffId)) === JSON.stringify(matched);
    if (after.status !== 'active' || after.role !== state.role || !samePassword) {
      await this.deps.sessions.revoke(token);
      throw invalid();
    }
    return { token, admin: signedInStaff(after), position: appended?.position };
  }

  async logout(staffId: string, token: string, context: CommandContext): Promise<Position | undefined> {
    await this.deps.sessions.revoke(token);
    const { appended } = await this.run(staffId, { type: 'RecordSignOut' }, context).catch(() => ({ appended: undefined }));
    return appended?.position;
  }

  /** The signed-in staff member's account, or null once it is gone. */
  async current(staffId: string): Promise<SignedInStaff | null> {
    const state = await this.loadState(staffId);
    return state.status === 'active' ? signedInStaff(state) : null;
  }

  // ---- two-factor sign-in (the creators' TOTP) ---------------------------------------------------

  private async totpSecrets(staffId: string): Promise<{ active: string | null; pending: string | null }> {
    const { rows } = await this.deps.db.query<{ totp_secret: string | null; totp_pending_secret: string | null }>(
      'SELECT totp_secret, totp_pending_secret FROM staff_credentials WHERE staff_id = $1',
      [staffId],
    );
    return { active: rows[0]?.totp_secret ?? null, pending: rows[0]?.totp_pending_secret ?? null };
  }

  private async requireActive(staffId: string): Promise<ActiveStaff> {
    const state = await this.loadState(staffId);
    if (state.status !== 'active') throw unauthorized(STAFF_ERRORS.deleted);
    return state;
  }

  /** A new secret, kept pending until a code from it is verified. */
  async startTwoFactor(staffId: string): Promise<{ secret: string; qrCode: string }> {
    const staff = await this.requireActive(staffId);
    if (staff.twoFactor) throw conflict(STAFF_ERRORS.twoFactorOn);
    const secret = newTotpSecret();
    await this.deps.db.query('UPDATE staff_credentials SET totp_pending_secret = $2, updated_at = now() WHERE staff_id = $1', [staffId, secret]);
    return { secret, qrCode: await totpQrCode(secret, `${staff.email} (staff)`) };
  }

  async verifyTwoFactor(staffId: string, code: string, context: CommandContext): Promise<Position | undefined> {
    const staff = await this.requireActive(staffId);
    if (staff.twoFactor) throw conflict(STAFF_ERRORS.twoFactorOn);
    const { pending } = await this.totpSecrets(staffId);
    if (!pending) throw unprocessable('Start two-factor setup first.');
    const attempt = await this.deps.limiter.begin('totp', { account: `staff:${staffId}`, ip: context.clientIp }, context.now);
    const check = await checkTotp(pending, code, staff.lastTotpTimeStep, context.now);
    if (!check.valid) throw unprocessable(check.replayed ? STAFF_ERRORS.codeReplayed : 'Invalid verification code');
    await attempt.succeeded();
    const { appended } = await this.run(staffId, { type: 'EnableTwoFactor', data: { timeStep: check.timeStep } }, context);
    await this.deps.db.query('UPDATE staff_credentials SET totp_secret = totp_pending_secret, totp_pending_secret = NULL WHERE staff_id = $1', [staffId]);
    return appended?.position;
  }

  /** Turning it off always needs the password or a current code. */
  async disableTwoFactor(staffId: string, proof: { password?: string | undefined; token?: string | undefined }, context: CommandContext) {
    const staff = await this.requireActive(staffId);
    if (!staff.twoFactor) throw conflict(STAFF_ERRORS.twoFactorOff);
    if (!proof.token && !proof.password) throw forbidden('Send your password or a current code to turn off two-factor authentication.');
    const attempt = await this.deps.limiter.begin('sensitive_change', { account: `staff:${staffId}`, ip: context.clientIp }, context.now);
    let how: 'password' | 'totp_code';
    if (proof.token) {
      const check = await checkTotp((await this.totpSecrets(staffId)).active ?? '', proof.token, staff.lastTotpTimeStep, context.now);
      if (!check.valid) throw unprocessable('Invalid verification code');
      how = 'totp_code';
    } else if (proof.password) {
      if (!(await this.passwordMatches(staffId, proof.password))) throw unprocessable('Password is incorrect');
      how = 'password';
    } else {
      throw forbidden('Send your password or a current code to turn off two-factor authentication.');
    }
    await attempt.succeeded();
    const { appended } = await this.run(staffId, { type: 'DisableTwoFactor', data: { proof: how } }, context);
    await this.deps.db.query('UPDATE staff_credentials SET totp_secret = NULL, totp_pending_secret = NULL WHERE staff_id = $1', [staffId]);
    return appended?.position;
  }

  // ---- the master console -----------------------------------------------------------------------

  async changeRole(staffId: string, role: InvitableRole, context: CommandContext): Promise<Position | undefined> {
    const { appended } = await this.run(staffId, { type: 'ChangeRole', role }, context);
    if (appended) await this.deps.sessions.revokeAll(staffId);
    return appended?.position;
  }

  async delete(staffId: string, context: CommandContext): Promise<Position | undefined> {
    const { appended } = await this.runDecidingAgain(staffId, { type: 'DeleteStaff', data: { deletedAt: context.now.toISOString() } }, context);
    await this.deps.sessions.revokeAll(staffId);
    await this.releaseEmail(staffId);
    await this.deps.db.query('DELETE FROM staff_credentials WHERE staff_id = $1', [staffId]);
    return appended?.position;
  }
}

function twoFactorError(message: string): AppError {
  return new AppError('unauthorized', message, { twoFactorRequired: true });
}

