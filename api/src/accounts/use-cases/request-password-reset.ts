// "Forgot password": answers at once, whatever the address. The lookup, the token and the e-mail
// happen in the background, so neither the answer nor its timing tells whether an account exists.
// The attempt limiter's `password_reset` scope caps the e-mails one address gets (and one client
// asks for); a request over the cap is answered the same way and sends nothing.
import { createHash, randomBytes } from 'node:crypto';
import type { CommandContext } from '../../domain/command-handler.js';
import type { UserCommand, UserState } from '../decider.js';
import { AppError } from '../../errors.js';
import { WrongExpectedRevisionError } from '../../eventstore/types.js';
import { insertPasswordReset } from '../queries.js';
import { onUserStream, type AccountsDeps } from './deps.js';

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
const MAX_ATTEMPTS = 5;

/** Nothing to do for an account that is not active: no token, no e-mail. */
class NotActive extends Error {}

export function requestPasswordReset(deps: AccountsDeps, email: string, context: CommandContext): void {
  deps.background.run('password reset e-mail', () => sendPasswordReset(deps, email, context));
}

async function sendPasswordReset(deps: AccountsDeps, email: string, context: CommandContext): Promise<void> {
  const emailHmac = deps.keyring.emailHmac(email);
  try {
    await deps.limiter.begin('password_reset', { account: emailHmac, ip: context.clientIp }, context.now);
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'too_many_requests')) throw error;
    deps.log.warn({ clientIp: context.clientIp }, 'password reset not sent: too many requests for this address or from this client');
    return;
  }
  const userId = await deps.keys.userIdByEmail(email);
  if (!userId) return;
  const token = randomBytes(32).toString('base64url');
  const tokenHash = createHash('sha256').update(token).digest();
  const expiresAt = new Date(context.now.getTime() + RESET_TOKEN_TTL_MS);
  let stored = false;
  const request = async (state: UserState): Promise<UserCommand> => {
    if (state.status !== 'active') throw new NotActive();
    if (!stored) await insertPasswordReset(deps.pool, tokenHash, userId, expiresAt);
    stored = true;
    return { type: 'RequestPasswordReset', data: { tokenHash: tokenHash.toString('hex'), expiresAt: expiresAt.toISOString() } };
  };
  // Requests for one address run side by side: one that lost the race for the user's stream folds
  // the new state and tries again, so no requested e-mail is lost.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await onUserStream(deps, userId, request, context);
      break;
    } catch (error) {
      if (error instanceof NotActive) return;
      if (!(error instanceof WrongExpectedRevisionError) || attempt === MAX_ATTEMPTS) throw error;
    }
  }
  // The web app takes the token on its /forgot-password page.
  const link = `${deps.publicUrl}/forgot-password?token=${token}`;
  await deps.mailer.send({
    to: email.trim(),
    subject: 'Reset your TitleLedger password',
    text: `Someone asked to reset the password of your TitleLedger account. If it was you, open this link within an hour:\n\n${link}\n\nIf it wasn't, ignore this e-mail: your password stays as it is.`,
  });
}
