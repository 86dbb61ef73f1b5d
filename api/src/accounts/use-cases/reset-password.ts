// A new password from a reset link: the token is single-use and expires; the owner has just proved
// they hold the e-mail, so strangers' failures no longer slow the account; every session ends.
// Whether a link still works can also be asked without using it (its page asks as it opens).
import { createHash } from 'node:crypto';
import type { CommandContext } from '../../domain/command-handler.js';
import type { Position } from '../../eventstore/position.js';
import { unprocessable } from '../../errors.js';
import { MESSAGES } from '../../schemas/accounts.js';
import { seal, unseal } from '../crypto.js';
import { sealedProfileSchema } from '../events.js';
import type { UserCommand, UserState } from '../decider.js';
import { hashPassword } from '../passwords.js';
import { consumePasswordReset, passwordResetUsable } from '../queries.js';
import { onUserStream, openAccount, writtenAt, type AccountsDeps } from './deps.js';

const tokenHash = (token: string) => createHash('sha256').update(token).digest();

/** Refuses a link that resetting with would refuse, with the same answer; spends nothing. */
export async function checkPasswordReset(deps: AccountsDeps, token: string, now: Date): Promise<void> {
  if (!(await passwordResetUsable(deps.pool, tokenHash(token), now))) throw unprocessable(MESSAGES.invalidResetLink);
}

export async function resetPassword(deps: AccountsDeps, token: string, password: string, context: CommandContext): Promise<Position | undefined> {
  const userId = await consumePasswordReset(deps.pool, tokenHash(token), context.now);
  if (!userId) throw unprocessable(MESSAGES.invalidResetLink);
  const reset = async (state: UserState): Promise<UserCommand> => {
    const { user, key } = await openAccount(deps, state);
    // Under the current server key, as sign-in counts it (the stream's may be under a previous one).
    const { email } = sealedProfileSchema.parse(unseal(key, userId, user.profile));
    await deps.limiter.clearAccount('creator_login', deps.keyring.emailHmac(email));
    return { type: 'ChangePassword', data: { password: seal(key, userId, await hashPassword(password)), reason: 'reset', changedAt: context.now.toISOString() } };
  };
  const handled = await onUserStream(deps, userId, reset, context);
  await deps.sessions.revokeAll(userId);
  return writtenAt(handled);
}
