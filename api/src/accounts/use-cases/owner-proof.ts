// What a sensitive change (2FA off, new e-mail, deletion, new password) must carry: the password, or
// a current code when two-factor is on, however fresh the session. Every check is counted by the
// limiter (`sensitive_change`, per user and client), so a stolen session can't guess its way through.
import type { CommandContext } from '../../domain/command-handler.js';
import { unprocessable, validationError } from '../../errors.js';
import { MESSAGES } from '../../schemas/accounts.js';
import { unseal } from '../crypto.js';
import type { ActiveUser } from '../decider.js';
import { verifyPassword, type PasswordHash } from '../passwords.js';
import { checkTotp } from '../totp.js';
import type { AccountsDeps } from './deps.js';

interface Proof {
  readonly password?: string | undefined;
  readonly code?: string | undefined;
  /** Shown (400) when neither is sent. */
  readonly missing: string;
  readonly wrongPassword?: string;
}

export const CODE_REPLAYED = 'This code has already been used. Wait for the next one.';

export async function passwordMatches(user: ActiveUser, key: Buffer, password: string): Promise<boolean> {
  return verifyPassword(password, unseal<PasswordHash>(key, user.userId, user.password));
}

/** Checks the proof; resolves with what it was, throws 400/422 (or 429 from the limiter) otherwise. */
export async function proveOwner(
  deps: AccountsDeps,
  user: ActiveUser,
  key: Buffer,
  proof: Proof,
  context: CommandContext,
): Promise<'password' | 'totp_code'> {
  if (!proof.password && !proof.code) throw validationError(proof.missing, { issues: [{ path: 'password', message: proof.missing }] });
  const attempt = await deps.limiter.begin('sensitive_change', { account: user.userId, ip: context.clientIp }, context.now);
  if (proof.password) {
    if (!(await passwordMatches(user, key, proof.password))) throw unprocessable(proof.wrongPassword ?? 'Password is incorrect');
    await attempt.succeeded();
    return 'password';
  }
  if (user.twoFactor.status !== 'on') throw unprocessable('Two-factor authentication is off: confirm with your password instead.');
  const secret = unseal<{ secret: string }>(key, user.userId, user.twoFactor.secret).secret;
  const check = await checkTotp(secret, proof.code!, user.lastTotpTimeStep, context.now);
  if (!check.valid) throw unprocessable(check.replayed ? CODE_REPLAYED : MESSAGES.invalidVerificationCode);
  await attempt.succeeded();
  return 'totp_code';
}
