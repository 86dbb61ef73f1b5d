// A new password, proved by the current one; every other session of the user ends.
import type { CommandContext } from '../../domain/command-handler.js';
import type { Position } from '../../eventstore/position.js';
import { seal } from '../crypto.js';
import type { UserCommand, UserState } from '../decider.js';
import { hashPassword } from '../passwords.js';
import { proveOwner } from './owner-proof.js';
import { onUserStream, openAccount, writtenAt, type AccountsDeps } from './deps.js';

export async function changePassword(
  deps: AccountsDeps,
  userId: string,
  input: { currentPassword: string; newPassword: string },
  currentToken: string | null,
  context: CommandContext,
): Promise<Position | undefined> {
  const change = async (state: UserState): Promise<UserCommand> => {
    const { user, key } = await openAccount(deps, state);
    await proveOwner(
      deps,
      user,
      key,
      { password: input.currentPassword, missing: 'Current password is required', wrongPassword: 'Current password is incorrect' },
      context,
    );
    return {
      type: 'ChangePassword',
      data: { password: seal(key, userId, await hashPassword(input.newPassword)), reason: 'changed', changedAt: context.now.toISOString() },
    };
  };
  const handled = await onUserStream(deps, userId, change, context);
  await deps.sessions.revokeAll(userId, currentToken);
  return writtenAt(handled);
}
