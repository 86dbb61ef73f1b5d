// Deletion: AccountDeleted, then the person is forgotten (`forgetAccount`: the key, crypto-shredding:
// nothing sealed for them opens again; card summary, reset tokens and dev-outbox copies; sessions
// last); then every title of theirs is archived with the account (../../registrations/archive-with-account.ts).
//
// Safe to repeat, like an admin's deletion: a request that finds the account deleted already (a
// second submission, another tab, an admin's deletion a moment before, or one of its own that
// stopped after AccountDeleted) appends nothing and finishes what is left, so it answers as the first
// did instead of a 409 "try again" that can never succeed. The sessions end last, so until
// everything else is done the owner can still send it again.
import type pg from 'pg';
import type { CommandContext } from '../../domain/command-handler.js';
import type { Position } from '../../eventstore/position.js';
import { forgetMailTo } from '../../mail/dev-outbox.js';
import { archiveTitlesWithAccount, OWNER_DELETION_REASON } from '../../registrations/archive-with-account.js';
import { unseal } from '../crypto.js';
import type { UserCommand, UserState } from '../decider.js';
import { sealedProfileSchema } from '../events.js';
import { forgetPasswordResets, forgetPaymentMethods } from '../queries.js';
import type { Sessions } from '../sessions.js';
import type { UserKeys } from '../user-keys.js';
import { proveOwner } from './owner-proof.js';
import { onUserStream, openAccount, writtenAt, type AccountsDeps } from './deps.js';

/** Concurrent writers on the user's stream (the other tab's deletion, a sign-in) are decided again. */
const TRIES = 3;

/**
 * What a deletion forgets besides the log, the owner's and an admin's alike: the key (crypto-shredding),
 * card summary, reset tokens and dev-outbox copies (`email`, when still known), and the sessions last.
 */
export async function forgetAccount(
  deps: { readonly keys: UserKeys; readonly sessions: Sessions; readonly pool: pg.Pool },
  userId: string,
  email: string | null,
): Promise<void> {
  await deps.keys.destroy(userId);
  await forgetPaymentMethods(deps.pool, userId);
  await forgetPasswordResets(deps.pool, userId);
  if (email) await forgetMailTo(deps.pool, email);
  await deps.sessions.revokeAll(userId);
}

export async function deleteAccount(deps: AccountsDeps, userId: string, password: string, context: CommandContext): Promise<Position | undefined> {
  let email: string | null = null;
  const remove = async (state: UserState): Promise<UserCommand> => {
    const command: UserCommand = { type: 'DeleteAccount', data: { reason: 'user_request', deletedAt: context.now.toISOString() } };
    // Deleted already: nothing is left to prove ownership of, and the decider appends nothing.
    if (state.status === 'deleted') return command;
    const { user, key } = await openAccount(deps, state);
    email = sealedProfileSchema.parse(unseal(key, userId, user.profile)).email;
    await proveOwner(deps, user, key, { password, missing: 'Password is required' }, context);
    return command;
  };
  const handled = await onUserStream(deps, userId, remove, context, { tries: TRIES });
  await forgetAccount(deps, userId, email);
  // Deleted before (by another request, or one that stopped short): its AccountDeleted is before the log's head.
  const deletedAt = writtenAt(handled) ?? (await deps.store.headPosition());
  const titles = await archiveTitlesWithAccount(
    deps,
    userId,
    { by: userId, role: null, reason: OWNER_DELETION_REASON, cause: 'owner_deleted_account', at: context.now.toISOString() },
    deletedAt,
    { ...context, actor: { kind: 'user', id: userId, role: null } },
  );
  return titles.position ?? deletedAt;
}
