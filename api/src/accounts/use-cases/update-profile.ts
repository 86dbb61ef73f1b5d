// Profile update, e-mail change included: the new profile is sealed with the user's key. A new
// address is where password resets go, so moving it takes the password (or a current code) and
// claims the new address's HMAC first (its unique index refuses one another account holds).
import type { CommandContext } from '../../domain/command-handler.js';
import type { Position } from '../../eventstore/position.js';
import { MESSAGES, type ProfileUpdateRequest } from '../../schemas/accounts.js';
import { normaliseEmail, seal, unseal } from '../crypto.js';
import type { UserCommand, UserState } from '../decider.js';
import { sealedProfileSchema, type SealedProfile } from '../events.js';
import { proveOwner } from './owner-proof.js';
import { onUserStream, openAccount, writtenAt, type AccountsDeps } from './deps.js';
import { splitName } from './sign-up.js';

export async function updateProfile(deps: AccountsDeps, userId: string, patch: ProfileUpdateRequest, context: CommandContext): Promise<Position | undefined> {
  /** The e-mail HMACs, when this update moves the address (the old one is put back if the append fails). */
  const moved: { from?: string | null; to?: string } = {};
  const update = async (state: UserState): Promise<UserCommand> => {
    const { user, key } = await openAccount(deps, state);
    const current = sealedProfileSchema.parse(unseal(key, userId, user.profile));
    const { accountType, currentPassword, totpCode, ...fields } = patch;
    const next: SealedProfile = { ...current, ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) };
    if (fields.fullName && fields.firstName === undefined && fields.lastName === undefined) Object.assign(next, splitName(fields.fullName));
    const emailHmac = deps.keyring.emailHmac(next.email);
    // The addresses are compared, not their HMACs: after a rotation of the server key the one the
    // stream recorded was made with the previous key.
    if (normaliseEmail(next.email) !== normaliseEmail(current.email)) {
      await proveOwner(deps, user, key, { password: currentPassword, code: totpCode, missing: MESSAGES.emailChangeNeedsPassword }, context);
      const { before } = await deps.keys.moveEmail(userId, next.email);
      Object.assign(moved, { from: before, to: emailHmac });
    }
    return { type: 'UpdateProfile', data: { emailHmac, accountType: accountType ?? user.accountType, profile: seal(key, userId, next) } };
  };
  try {
    const handled = await onUserStream(deps, userId, update, context);
    if (moved.to) await deps.limiter.recognise('creator_login', { account: moved.to, ip: context.clientIp }, context.now);
    return writtenAt(handled);
  } catch (error) {
    if (moved.from) await deps.keys.changeEmailHmac(userId, moved.from);
    throw error;
  }
}
