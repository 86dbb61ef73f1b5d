// "Forgot password": answers at once, whatever the address. The lookup, the token and the e-mail
// happen in the background, so neither the answer nor its timing tells whether an account exists.
import { createHash, randomBytes } from 'node:crypto';
import type { CommandContext } from '../../domain/command-handler.js';
import type { UserCommand, UserState } from '../decider.js';
import { insertPasswordReset } from '../queries.js';
import { onUserStream, type AccountsDeps } from './deps.js';

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Nothing to do for an account that is not active: no token, no e-mail. */
class NotActive extends Error {}

export function requestPasswordReset(deps: AccountsDeps, email: string, context: CommandContext): void {
  deps.background.run('password reset e-mail', () => sendPasswordReset(deps, email, context));
}

async function sendPasswordReset(deps: AccountsDeps, email: string, context: CommandContext): Promise<void> {
  const userId = await deps.keys.userIdByEmailHmac(deps.keyring.emailHmac(email));
  if (!userId) return;
  const token = randomBytes(32).toString('base64url');
  const tokenHash = createHash('sha256').update(token).digest();
  const expiresAt = new Date(context.now.getTime() + RESET_TOKEN_TTL_MS);
  const request = async (state: UserState): Promise<UserCommand> => {
    if (state.status !== 'active') throw new NotActive();
    await insertPasswordReset(deps.pool, tokenHash, userId, expiresAt);
    return { type: 'RequestPasswordReset', data: { tokenHash: tokenHash.toString('hex'), expiresAt: expiresAt.toISOString() } };
  };
  try {
    await onUserStream(deps, userId, request, context);
  } catch (error) {
    if (error instanceof NotActive) return;
    throw error;
  }
  // The web app takes the token on its /forgot-password page.
  const link = `${deps.publicUrl}/forgot-password?token=${token}`;
  await deps.mailer.send({
    to: email.trim(),
    subject: 'Reset your TitleLedger password',
    text: `Someone asked to reset the password of your TitleLedger account. If it was you, open this link within an hour:\n\n${link}\n\nIf it wasn't, ignore this e-mail: your password stays as it is.`,
  });
}
