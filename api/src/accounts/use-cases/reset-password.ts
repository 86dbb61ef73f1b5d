// A new password from a reset link: the token is single-use and expires; the owner has just proved
// they hold the e-mail, so strangers' failures no longer slow the account; every session ends.
import { createHash } from 'node:crypto';
import type { CommandContext } from '../../domain/command-handler.js';
import type { Position } from '../../eventstore/position.js';
import { unprocessable } from '../../errors.js';
import { seal } from '../crypto.js';
import type { UserCommand, UserState } from '../decider.js';
import { hashPassword } from '../passwords.js';
import { consumePasswordReset } from '../queries.js';
import { onUserStream, openAccount, writtenAt, type AccountsDeps } from './deps.js';

export async function resetPassword(deps: AccountsDeps, token: string, password: string, context: CommandContext): Promise<Position | undefined> {
  const userId = await consumePasswordReset(deps.pool, createHash('sha256').update(token).digest(), context.now);
  if (!userId) throw unprocessable('This reset link is invalid or has expired. Ask for a new one.');
  const reset = async (state: UserState): Promise<UserCommand> => {
    const { user, key } = await openAccount(deps, state);
    await deps.limiter.clearAccount('creator_login', user.emailHmac);
    return { type: 'ChangePassword', data: { password: seal(key, userId, await hashPassword(password)), reason: 'reset', changedAt: context.now.toISOString() } };
  };
  const handled = await onUserStream(deps, userId, reset, context);
  await deps.sessions.revokeAll(userId);
  return writtenAt(handled);
}
