// Two-factor off: always needs the password or a current code, whatever the session's age.
import type { CommandContext } from '../../domain/command-handler.js';
import type { Position } from '../../eventstore/position.js';
import { MESSAGES } from '../../schemas/accounts.js';
import { requireTwoFactorOn, type UserCommand, type UserState } from '../decider.js';
import { proveOwner } from './owner-proof.js';
import { onUserStream, openAccount, writtenAt, type AccountsDeps } from './deps.js';

export async function disableTwoFactor(
  deps: AccountsDeps,
  userId: string,
  proof: { password?: string | undefined; token?: string | undefined } | null | undefined,
  context: CommandContext,
): Promise<Position | undefined> {
  const disable = async (state: UserState): Promise<UserCommand> => {
    requireTwoFactorOn(state);
    const { user, key } = await openAccount(deps, state);
    const how = await proveOwner(deps, user, key, { password: proof?.password, code: proof?.token, missing: MESSAGES.twoFactorOffNeedsProof }, context);
    return { type: 'DisableTwoFactor', data: { proof: how } };
  };
  return writtenAt(await onUserStream(deps, userId, disable, context));
}
