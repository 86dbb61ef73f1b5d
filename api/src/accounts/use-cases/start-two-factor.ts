// Two-factor set-up, step 1: a new TOTP secret, sealed on the stream (pending until a code confirms
// it); the secret and its QR code go back to the user once.
import type { CommandContext } from '../../domain/command-handler.js';
import { seal, unseal } from '../crypto.js';
import type { UserCommand, UserState } from '../decider.js';
import { sealedProfileSchema } from '../events.js';
import { newTotpSecret, totpQrCode } from '../totp.js';
import { onUserStream, openAccount, type AccountsDeps } from './deps.js';

export async function startTwoFactor(deps: AccountsDeps, userId: string, context: CommandContext): Promise<{ secret: string; qrCode: string }> {
  const secret = newTotpSecret();
  let email = '';
  const start = async (state: UserState): Promise<UserCommand> => {
    const { user, key } = await openAccount(deps, state);
    email = sealedProfileSchema.parse(unseal(key, userId, user.profile)).email;
    return { type: 'StartTwoFactorSetup', data: { secret: seal(key, userId, { secret }) } };
  };
  await onUserStream(deps, userId, start, context);
  return { secret, qrCode: await totpQrCode(secret, email) };
}
