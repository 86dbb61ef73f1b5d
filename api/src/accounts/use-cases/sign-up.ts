// Sign-up: claims the address (the key row's unique e-mail HMAC) and the card, seals the profile and
// the password hash with a new per-user key, and appends UserRegistered (with PaymentMethodAttached
// when a card is on file) through the decider. Anything that fails after a claim gives it back; the
// claims of a sign-up whose process died before its account was recorded go to the next sign-up for
// the address once they are ABANDONED_AFTER_SECONDS old (user-keys.ts).
import { randomBytes, randomUUID } from 'node:crypto';
import { conflict, unprocessable } from '../../errors.js';
import { MESSAGES, type RegisterRequest } from '../../schemas/accounts.js';
import { normaliseEmail, seal } from '../crypto.js';
import { userStreamId, type SealedCard, type SealedProfile } from '../events.js';
import { hashPassword } from '../passwords.js';
import { claimPaymentMethod, releasePaymentMethod, releasePaymentMethodsOf } from '../queries.js';
import { onUserStream, writtenAt, type AccountsDeps, type Requester, type SignedIn } from './deps.js';

export function splitName(fullName: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

function deriveUsername(email: string): string {
  const local = normaliseEmail(email).split('@')[0] ?? 'user';
  const suffix = Array.from(randomBytes(4), (b) => 'abcdefghijklmnopqrstuvwxyz0123456789'[b % 36]).join('');
  return `${local}${suffix}`;
}

/** Asks the provider (never the client) for the card, and claims it for this account. */
async function claimCard(deps: AccountsDeps, paymentMethodId: string, userId: string): Promise<SealedCard> {
  const method = await deps.payments.retrievePaymentMethod(paymentMethodId);
  if (!method) throw unprocessable('We could not find that payment method. Please add your card again.');
  return claimPaymentMethod(deps.pool, deps.payments.kind, method, userId);
}

const SIGN_UP_TIMED_OUT = 'Your sign-up took too long and was not completed. Please sign up again.';

/**
 * Whether the address's holder is a sign-up that died after claiming it (its process stopped before
 * UserRegistered was appended): then its claims on the address and on a card are given back.
 */
async function reclaimAbandonedSignUp(deps: AccountsDeps, holder: string): Promise<boolean> {
  const recorded = async () => (await deps.store.readStream(userStreamId(holder))).length > 0;
  if (!(await deps.keys.reclaimAbandoned(holder, recorded))) return false;
  await releasePaymentMethodsOf(deps.pool, holder);
  deps.log.warn({ userId: holder }, 'sign-up: an abandoned claim on this address (a sign-up that never recorded its account) was given back');
  return true;
}

export async function signUp(deps: AccountsDeps, input: RegisterRequest, requester: Requester): Promise<SignedIn> {
  const { context } = requester;
  const emailHmac = deps.keyring.emailHmac(input.email);
  const holder = await deps.keys.userIdByEmail(input.email);
  if (holder && !(await reclaimAbandonedSignUp(deps, holder))) throw conflict(MESSAGES.duplicateEmail);
  const userId = randomUUID();
  const card = input.paymentMethodId ? await claimCard(deps, input.paymentMethodId, userId) : null;
  let key: Buffer;
  try {
    key = await deps.keys.create(userId, emailHmac);
  } catch (error) {
    if (card) await releasePaymentMethod(deps.pool, card.paymentMethodId, userId);
    throw error;
  }
  const names = input.firstName && input.lastName !== undefined ? { firstName: input.firstName, lastName: input.lastName } : splitName(input.fullName);
  const profile: SealedProfile = {
    email: input.email.trim(),
    username: input.username?.trim() || deriveUsername(input.email),
    fullName: input.fullName,
    ...names,
    phone: input.phone,
    address: input.address,
    city: input.city,
    state: input.state,
    zipCode: input.zipCode,
    country: input.country,
  };
  const now = context.now.toISOString();
  try {
    const passwordHash = await hashPassword(input.password);
    if (!(await deps.keys.renewClaim(userId))) throw conflict(SIGN_UP_TIMED_OUT);
    const handled = await onUserStream(
      deps,
      userId,
      {
        type: 'RegisterUser',
        data: {
          userId,
          emailHmac,
          accountType: input.accountType,
          profile: seal(key, userId, profile),
          password: seal(key, userId, passwordHash),
          termsAcceptedAt: now,
          privacyAcceptedAt: now,
          registeredAt: now,
        },
        paymentMethod: card ? { provider: deps.payments.kind, card: seal(key, userId, card) } : null,
      },
      context,
    );
    const token = await deps.sessions.create(userId, { clientIp: context.clientIp ?? null, userAgent: requester.userAgent ?? null });
    await deps.limiter.recognise('creator_login', { account: emailHmac, ip: context.clientIp }, context.now);
    return { userId, token, position: writtenAt(handled) };
  } catch (error) {
    await deps.keys.destroy(userId);
    if (card) await releasePaymentMethod(deps.pool, card.paymentMethodId, userId);
    throw error;
  }
}
