// Two-factor set-up, step 2: a code from the new secret turns two-factor on (counted by the limiter;
// the decider refuses a time step already used).
import type { CommandContext } from '../../domain/command-handler.js';
import type { Position } from '../../eventstore/position.js';
import { unprocessable } from '../../errors.js';
import { MESSAGES } from '../../schemas/accounts.js';
import { unseal } from '../crypto.js';
import { requirePendingTwoFactor, type UserCommand, type UserState } from '../decider.js';
import { checkTotp } from '../totp.js';
import { CODE_REPLAYED } from './owner-proof.js';
import { onUserStream, openAccount, writtenAt, type AccountsDeps } from './deps.js';

export async function confirmTwoFactor(deps: AccountsDeps, userId: string, code: string, context: CommandContext): Promise<Position | undefined> {
  const confirm = async (state: UserState): Promise<UserCommand> => {
    const { secret: sealed } = requirePendingTwoFactor(state);
    const { user, key } = await openAccount(deps, state);
    const attempt = await deps.limiter.begin('totp', { account: userId, ip: context.clientIp }, context.now);
    const check = await checkTotp(unseal<{ secret: string }>(key, userId, sealed).secret, code, user.lastTotpTimeStep, context.now);
    if (!check.valid) throw unprocessable(check.replayed ? CODE_REPLAYED : MESSAGES.invalidVerificationCode);
    await attempt.succeeded();
    return { type: 'EnableTwoFactor', data: { timeStep: check.timeStep } };
  };
  return writtenAt(await onUserStream(deps, userId, confirm, context));
}
