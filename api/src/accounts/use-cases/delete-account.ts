// Deletion: AccountDeleted, then the person is forgotten: the key (crypto-shredding: nothing sealed
// for them opens again), sessions, card summary, reset tokens and dev-outbox copies; then every title
// of theirs is archived with the account (../../registrations/archive-with-account.ts).
import type { CommandContext } from '../../domain/command-handler.js';
import type { Position } from '../../eventstore/position.js';
import { forgetMailTo } from '../../mail/dev-outbox.js';
import { archiveTitlesWithAccount, OWNER_DELETION_REASON } from '../../registrations/archive-with-account.js';
import { unseal } from '../crypto.js';
import type { UserCommand, UserState } from '../decider.js';
import { sealedProfileSchema } from '../events.js';
import { forgetPasswordResets, forgetPaymentMethods } from '../queries.js';
import { proveOwner } from './owner-proof.js';
import { onUserStream, openAccount, writtenAt, type AccountsDeps } from './deps.js';

export async function deleteAccount(deps: AccountsDeps, userId: string, password: string, context: CommandContext): Promise<Position | undefined> {
  let email = '';
  const remove = async (state: UserState): Promise<UserCommand> => {
    const { user, key } = await openAccount(deps, state);
    email = sealedProfileSchema.parse(unseal(key, userId, user.profile)).email;
    await proveOwner(deps, user, key, { password, missing: 'Password is required' }, context);
    return { type: 'DeleteAccount', data: { reason: 'user_request', deletedAt: context.now.toISOString() } };
  };
  const handled = await onUserStream(deps, userId, remove, context);
  await deps.keys.destroy(userId);
  await deps.sessions.revokeAll(userId);
  await forgetPaymentMethods(deps.pool, userId);
  await forgetPasswordResets(deps.pool, userId);
  await forgetMailTo(deps.pool, email);
  // The owner's own deletion always writes AccountDeleted, or is refused.
  const deletedAt = writtenAt(handled)!;
  const titles = await archiveTitlesWithAccount(
    deps,
    userId,
    { by: userId, role: null, reason: OWNER_DELETION_REASON, cause: 'owner_deleted_account', at: context.now.toISOString() },
    deletedAt,
    { ...context, actor: { kind: 'user', id: userId, role: null } },
  );
  return titles.position ?? deletedAt;
}
