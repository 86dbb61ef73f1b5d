// What admins change (issue 15), each through a pure decider and `handleCommand`, attributed to the
// staff member (id, role), the request's IP and a reason:
//   archive / restore / correct a registration   title decider (stream `title-<tr>`)
//   edit a creator's profile, delete a creator    user decider (stream `user-<id>`)
// Deleting a creator is the creator's own deletion (crypto-shredding: the key goes, so the sealed
// personal data in the log never opens again; card, reset tokens, mail and sessions go: forgetAccount), every
// registration of theirs archived to the Forever Database with it (../registrations/archive-with-account.ts).
// Deleting twice appends nothing more, or finishes what a first call left.
import { sealedProfileSchema, type SealedProfile } from '../accounts/events.js';
import { seal, unseal, type ServerKeyring } from '../accounts/crypto.js';
import { userDecider } from '../accounts/decider.js';
import { forgetAccount } from '../accounts/use-cases/delete-account.js';
import type { Sessions } from '../accounts/sessions.js';
import { UserKeys } from '../accounts/user-keys.js';
import { userStreamId } from '../accounts/events.js';
import { handleCommand, handleCommandDecidingAgain, loadState, type CommandContext } from '../domain/command-handler.js';
import { notFound } from '../errors.js';
import type { Position } from '../eventstore/position.js';
import { archiveTitlesWithAccount, type ArchiveWithAccountDeps } from '../registrations/archive-with-account.js';
import { titleDecider } from '../registrations/decider.js';
import { titleStream } from '../registrations/tr-number.js';
import { ADMIN_MESSAGES, type AdminUserUpdateRequest } from '../schemas/admin.js';
import type { StaffRole } from '../schemas/staff.js';

export interface AdminActionsDeps extends ArchiveWithAccountDeps {
  readonly keyring: ServerKeyring;
  readonly sessions: Sessions;
}

/** The staff member acting (from requireStaff). */
export interface Admin {
  readonly id: string;
  readonly role: StaffRole;
}

/** A deletion, archive or restore that meets another writer on its stream decides again, at most this often. */
const DECIDE_AGAIN_TRIES = 3;

const PROFILE_FIELDS = ['fullName', 'firstName', 'lastName', 'phone', 'address', 'city', 'state', 'zipCode', 'country'] as const;

export class AdminActions {
  private readonly keys: UserKeys;

  constructor(private readonly deps: AdminActionsDeps) {
    this.keys = new UserKeys(deps.pool, deps.keyring);
  }

  /** DELETE /api/admin/titles/{id}: to the Forever Database. `archived` is false when it was there already. */
  async archiveRegistration(trNumber: string, admin: Admin, reason: string, context: CommandContext): Promise<{ archived: boolean; position?: Position }> {
    // Decided again on a concurrent change (another admin's deletion of it: then archived already).
    const { appended } = await handleCommandDecidingAgain(
      this.deps.store,
      titleStream(trNumber),
      titleDecider,
      { type: 'ArchiveRegistration', by: admin.id, role: admin.role, reason, cause: 'admin_deleted_registration', at: context.now.toISOString() },
      context,
      DECIDE_AGAIN_TRIES,
    );
    return { archived: appended !== undefined, ...(appended ? { position: appended.position } : {}) };
  }

  /** POST /api/admin/forever-database/{id}/restore (master_admin). */
  async restoreRegistration(trNumber: string, admin: Admin, reason: string | null, context: CommandContext): Promise<{ restored: boolean; position?: Position }> {
    // The owner is read from the title's own state, loaded once by handleCommand. A concurrent change
    // of the title (a second restore, the owner's account deleted) is decided again on what it now is:
    // restored already, or refused for good.
    const ownerDeleted = async (ownerId: string) => (await loadState(this.deps.store, userStreamId(ownerId), userDecider)).state.status === 'deleted';
    const { appended } = await handleCommandDecidingAgain(
      this.deps.store,
      titleStream(trNumber),
      titleDecider,
      async (title) => ({
        type: 'RestoreRegistration' as const,
        by: admin.id,
        reason,
        at: context.now.toISOString(),
        ownerDeleted: title.status === 'registered' && (await ownerDeleted(title.registration.ownerId)),
      }),
      context,
      DECIDE_AGAIN_TRIES,
    );
    return { restored: appended !== undefined, ...(appended ? { position: appended.position } : {}) };
  }

  /** PUT /api/admin/titles/{id} (admin2+): a correction of the title or description. */
  async correctRegistration(
    trNumber: string,
    admin: Admin,
    correction: { title?: string | undefined; description?: string | undefined; reason: string },
    context: CommandContext,
  ): Promise<Position | undefined> {
    const { appended } = await handleCommand(
      this.deps.store,
      titleStream(trNumber),
      titleDecider,
      { type: 'CorrectRegistration', by: admin.id, role: admin.role, ...correction, at: context.now.toISOString() },
      context,
    );
    return appended?.position;
  }

  /** PUT /api/admin/users/{id} (admin2+): the fields given replace the profile's; the e-mail is the owner's to change. */
  async editUserProfile(userId: string, admin: Admin, request: AdminUserUpdateRequest, context: CommandContext): Promise<Position | undefined> {
    const { state } = await loadState(this.deps.store, userStreamId(userId), userDecider);
    const key = state.status === 'active' ? await this.keys.find(userId) : null;
    if (state.status !== 'active' || !key) throw notFound(ADMIN_MESSAGES.noSuchUser);
    const profile = sealedProfileSchema.parse(unseal(key, userId, state.profile));
    const next: SealedProfile = { ...profile };
    const fields: string[] = [];
    for (const field of PROFILE_FIELDS) {
      const value = request[field];
      if (value !== undefined && value !== profile[field]) {
        next[field] = value;
        fields.push(field);
      }
    }
    if (fields.length === 0) return undefined;
    const { appended } = await handleCommand(
      this.deps.store,
      userStreamId(userId),
      userDecider,
      {
        type: 'UpdateProfile',
        data: {
          emailHmac: state.emailHmac,
          accountType: state.accountType,
          profile: seal(key, userId, next),
          byAdmin: { by: admin.id, role: admin.role, reason: request.reason, fields },
        },
      },
      context,
    );
    return appended?.position;
  }

  /**
   * DELETE /api/admin/users/{id} (admin3+): the account deleted and forgotten, then every registration
   * of theirs archived with it. Safe to repeat: a second call finds nothing left to do (or finishes
   * what a failed first call left).
   */
  async deleteUser(userId: string, admin: Admin, reason: string, context: CommandContext): Promise<{ deleted: boolean; archivedRegistrations: number; position?: Position }> {
    let email: string | null = null;
    // Decided again when another writer came first (the owner's own deletion in the same moment): then
    // there is nothing more to write, and this call finishes the forgetting and archiving.
    const { appended } = await handleCommandDecidingAgain(
      this.deps.store,
      userStreamId(userId),
      userDecider,
      async (state) => {
        if (state.status === 'unregistered') throw notFound(ADMIN_MESSAGES.noSuchUser);
        const key = state.status === 'active' ? await this.keys.find(userId) : null;
        email = state.status === 'active' && key ? sealedProfileSchema.parse(unseal(key, userId, state.profile)).email : null;
        return { type: 'DeleteAccount' as const, data: { reason: 'admin_request' as const, deletedAt: context.now.toISOString(), byAdmin: { by: admin.id, role: admin.role, reason } } };
      },
      context,
      DECIDE_AGAIN_TRIES,
    );
    await forgetAccount({ keys: this.keys, sessions: this.deps.sessions, pool: this.deps.pool }, userId, email);
    // Deleted before, by a call that may have stopped short: its AccountDeleted is before the log's head.
    const deletedAt = appended?.position ?? (await this.deps.store.headPosition());
    const titles = await archiveTitlesWithAccount(
      this.deps,
      userId,
      { by: admin.id, role: admin.role, reason, cause: 'admin_deleted_user', at: context.now.toISOString() },
      deletedAt,
      context,
    );
    const position = titles.position ?? appended?.position;
    return { deleted: appended !== undefined, archivedRegistrations: titles.archived, ...(position ? { position } : {}) };
  }
}
