// Sign-in: the password (and a current TOTP code when two-factor is on) checked against what the
// stream holds, counted by the limiter before the check; UserLoggedIn (or LoginFailed) through the
// decider, which refuses a TOTP time step already used; then a new session.
import { AppError, unauthorized } from '../../errors.js';
import { MESSAGES, type LoginRequest } from '../../schemas/accounts.js';
import { unseal } from '../crypto.js';
import type { UserCommand, UserState } from '../decider.js';
import { burnPasswordCheck } from '../passwords.js';
import { checkTotp } from '../totp.js';
import { CODE_REPLAYED, passwordMatches } from './owner-proof.js';
import { onUserStream, writtenAt, type AccountsDeps, type Requester, type SignedIn } from './deps.js';

type FailureReason = 'wrong_password' | 'wrong_totp_code' | 'totp_code_replayed';

/** A refused sign-in: recorded on the stream (when the account exists) after the fold, then thrown. */
class SignInRefused extends Error {
  constructor(
    readonly reason: FailureReason | null,
    readonly answer: AppError,
  ) {
    super(answer.message);
  }
}

function twoFactorError(message: string): AppError {
  return new AppError('unauthorized', message, { twoFactorRequired: true });
}

export async function signIn(deps: AccountsDeps, input: LoginRequest, requester: Requester): Promise<SignedIn> {
  const { context } = requester;
  const emailHmac = deps.keyring.emailHmac(input.email);
  // Counted before the password is checked (429 when this client or account must wait).
  const attempt = await deps.limiter.begin('creator_login', { account: emailHmac, ip: context.clientIp }, context.now);
  // Taken back for anything but a wrong password or code: only guesses count against a client.
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await attempt.release();
  };
  const userId = await deps.keys.userIdByEmail(input.email);
  if (!userId) {
    await burnPasswordCheck(input.password);
    throw unauthorized(MESSAGES.invalidCredentials);
  }

  let decisions = 0;
  const login = async (state: UserState): Promise<UserCommand> => {
    decisions += 1;
    const key = state.status === 'active' ? await deps.keys.find(userId) : null;
    if (state.status !== 'active' || !key) {
      await burnPasswordCheck(input.password);
      throw new SignInRefused(null, unauthorized(MESSAGES.invalidCredentials));
    }
    if (!(await passwordMatches(state, key, input.password))) throw new SignInRefused('wrong_password', unauthorized(MESSAGES.invalidCredentials));
    let totpTimeStep: number | null = null;
    if (state.twoFactor.status === 'on') {
      if (!input.totpCode) {
        await release();
        throw twoFactorError(MESSAGES.twoFactorRequired);
      }
      const secret = unseal<{ secret: string }>(key, userId, state.twoFactor.secret).secret;
      const check = await checkTotp(secret, input.totpCode, state.lastTotpTimeStep, context.now);
      if (!check.valid) {
        // Decided again after losing the append to a sign-in that spent this very code (a double
        // click): a refusal, but not a guess.
        if (check.replayed && decisions > 1) throw twoFactorError(CODE_REPLAYED);
        throw check.replayed
          ? new SignInRefused('totp_code_replayed', twoFactorError(CODE_REPLAYED))
          : new SignInRefused('wrong_totp_code', twoFactorError('Invalid two-factor code'));
      }
      totpTimeStep = check.timeStep;
    }
    return {
      type: 'RecordLogin',
      data: { method: totpTimeStep === null ? 'password' : 'password+totp', totpTimeStep, rememberMe: input.rememberMe ?? false },
    };
  };

  let handled: Awaited<ReturnType<typeof onUserStream>>;
  try {
    // Sign-ins at once (a double click, two tabs) each append to the stream: one that loses the
    // append decides again on the stream as it now is (the password checked again, a TOTP code
    // already used refused) rather than answering 409.
    handled = await onUserStream(deps, userId, login, context, { tries: 5 });
  } catch (error) {
    if (!(error instanceof SignInRefused)) {
      await release().catch(() => undefined);
      throw error;
    }
    if (error.reason) {
      // Best effort: the answer is the refusal whether or not the failure could be recorded.
      await onUserStream(deps, userId, { type: 'RecordLoginFailure', data: { reason: error.reason } }, context).catch(() => undefined);
    }
    throw error.answer;
  }
  await attempt.succeeded();
  const token = await deps.sessions.create(userId, {
    rememberMe: input.rememberMe ?? false,
    clientIp: context.clientIp ?? null,
    userAgent: requester.userAgent ?? null,
  });
  return { userId, token, position: writtenAt(handled) };
}
