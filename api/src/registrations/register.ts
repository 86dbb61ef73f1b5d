// Registering a title, atomically with consuming its payment, on any event-store adapter. Both
// writes go through `handleCommand` over a pure decider (payments/decider.ts, ./decider.ts):
//
// 1. the payment must be the caller's, made for a registration, paid (asked of the provider, never
//    the browser) and of exactly the fee;
// 2. `PaymentConsumed` is appended to `payment-<id>` at the revision just read, carrying the whole
//    registration: exactly one concurrent submission wins. The same submission sent again by its
//    payer (a retry after a dropped connection) gets that registration back; any other gets 409
//    "already been used" naming it;
// 3. `TitleRegistered` is appended to `title-<tr>` (empty stream, or already this payment's).
//
// Where the event store has a multi-stream append (Postgres: `appendMany`), 2 and 3 are one
// transaction and one commit: both streams' expected revisions hold, or nothing is written, so there
// is nothing to recover and a taken TR number just means trying another one.
//
// Otherwise the consumption is the commit point. A crash between 2 and 3 leaves a consumed payment
// whose registration is already decided and durable; `completePendingRegistrations` (run at start)
// writes the missing TitleRegistered from it, and `no_stream` makes that idempotent. A TR number
// taken in the meantime (40 random bits: practically never) releases the payment and the caller
// retries. Recovery still runs at start on every adapter: it finds nothing when appends were atomic.
import { handleCommand, toNewEvents, type CommandContext } from '../domain/command-handler.js';
import { AppError, unprocessable } from '../errors.js';
import { START, type AppendResult, type EventStore, type Position, type RecordedEvent } from '../eventstore/index.js';
import { WrongExpectedRevisionError, type StreamAppend } from '../eventstore/types.js';
import { eventTypes, isEvent } from '../events/index.js';
import { paymentDecider, paymentStream, unusableReason } from '../payments/decider.js';
import { loadPayment, refundPayment, settlePayment, type CheckoutDeps, type LoadedPayment } from '../payments/checkout-service.js';
import { titleDecider, TrNumberTakenError } from './decider.js';
import type { TitleRegisteredData } from './events.js';
import { newCommitmentSalt, registrationHashV2 } from './registration-hash.js';
import { newTrNumber, titleStream } from './tr-number.js';

export interface RegisterDeps extends CheckoutDeps {
  /** Seals values (the contact details, the commitment salt) with the owner's key, read once (crypto-shredding). */
  sealForOwner(ownerId: string, values: readonly unknown[]): Promise<string[]>;
  /** Test seam: runs between the consumption and TitleRegistered (a crash there must be recoverable). */
  readonly afterConsume?: (registration: TitleRegisteredData) => Promise<void>;
}

export interface RegisterInput {
  readonly ownerId: string;
  readonly paymentId: string;
  readonly title: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phone: string;
  readonly address: string;
  readonly materialType: string;
  readonly intendedMedium: string;
  readonly description: string;
  readonly file: {
    readonly blobId: string;
    readonly sha256: string;
    readonly size: number;
    readonly name: string;
    readonly mimeType: string;
    /** Resolves once the file is on disk (`ReceivedFile.durable`): nothing naming it is appended before. */
    readonly stored?: Promise<void>;
  };
}

async function freeTrNumber(store: EventStore, now: Date): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const tr = newTrNumber(now);
    if ((await store.readStream(titleStream(tr))).length === 0) return tr;
  }
  throw new Error('Could not find a free TR number in 5 attempts');
}

/** Writes TitleRegistered for a consumed payment: where it sits in the log, or null when the TR number is another's. */
async function writeTitle(store: EventStore, registration: TitleRegisteredData, context: CommandContext): Promise<Position | null> {
  const stream = titleStream(registration.trNumber);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const { appended } = await handleCommand(store, stream, titleDecider, { type: 'RegisterTitle', registration }, context);
      if (appended) return appended.position;
      // Written already for this payment: answer with where it is.
      return (await store.readStream(stream))[0]!.position;
    } catch (error) {
      if (error instanceof TrNumberTakenError) return null;
      // Written concurrently (a retry, or recovery): decide again on what is there now.
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
  throw new AppError('conflict', 'The registration changed while it was written. Please try again.');
}

export interface Registered {
  readonly registration: TitleRegisteredData;
  readonly position: Position | undefined;
  /** True when this was a retry of a submission already registered: nothing new was written for it. */
  readonly replayed: boolean;
}

export async function registerTitle(deps: RegisterDeps, input: RegisterInput, context: CommandContext): Promise<Registered> {
  // Version 2's salt: sealed beside the contact details, given out in clear only in the owner's `.tr`.
  const salt = newCommitmentSalt();
  const sealing = deps.sealForOwner(input.ownerId, [
    { email: input.email, phone: input.phone, address: input.address },
    { salt },
  ]) as Promise<[string, string]>;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    // The provider decides whether an open payment was paid; a settled one is left alone. The
    // owner's key is read for the sealing meanwhile (the first time round).
    const [[contact, commitmentSalt], payment] = await Promise.all([sealing, settlePayment(deps, input.paymentId, 'retrieval', context)]);
    const atomic = deps.store.appendMany?.bind(deps.store);
    // With an atomic append a taken TR number is a conflict on its stream, caught at commit: no read first.
    const trNumber = atomic ? newTrNumber(context.now) : await freeTrNumber(deps.store, context.now);
    const registeredAt = context.now.toISOString();
    const hashed = {
      trNumber,
      title: input.title,
      ownerId: input.ownerId,
      registrantName: `${input.firstName} ${input.lastName}`.trim(),
      materialType: input.materialType,
      intendedMedium: input.intendedMedium,
      description: input.description,
      fileName: input.file.name,
      fileSize: input.file.size,
      mimeType: input.file.mimeType,
      fileContentHash: input.file.sha256,
      registeredAt,
    };
    const registration: TitleRegisteredData = {
      ...hashed,
      cryptographicHash: registrationHashV2({ ...hashed, salt }),
      hashVersion: 2,
      paymentId: input.paymentId,
      blobId: input.file.blobId,
      contact,
      commitmentSalt,
    };
    // The upload's flushes ran meanwhile: the file is on disk before anything names it.
    await input.file.stored;
    let consumed: boolean;
    try {
      if (atomic) {
        const outcome = await consumeAndRegister(atomic, deps, payment, registration, context);
        if (outcome === 'raced') continue;
        if (outcome !== 'replay') return { registration, position: outcome, replayed: false };
        consumed = false;
      } else {
        const { events } = await handleCommand(
          deps.store,
          paymentStream(input.paymentId),
          paymentDecider,
          { type: 'Consume', userId: input.ownerId, feeCents: deps.feeCents, registration, now: context.now },
          context,
        );
        consumed = events.length > 0;
      }
    } catch (error) {
      // Someone else appended to the payment since we read it: decide again on the new state
      // (which, if they consumed it, is this same submission or "already been used").
      if (error instanceof WrongExpectedRevisionError) continue;
      throw await refundIfUnusable(deps, input.paymentId, error, context);
    }
    if (!consumed) {
      // A retry of the submission that consumed this payment: the registration it made, written
      // now if a crash (or the first attempt, still in flight) has not yet.
      const { state } = await loadPayment(deps.store, input.paymentId);
      if (state.status !== 'consumed') continue;
      const position = await writeTitle(deps.store, state.registration, context);
      if (position) return { registration: state.registration, position, replayed: true };
      await release(deps.store, state.registration, 'TR number collision', context);
      continue;
    }
    await deps.afterConsume?.(registration);
    const position = await writeTitle(deps.store, registration, context);
    if (position) return { registration, position, replayed: false };
    await release(deps.store, registration, 'TR number collision', context);
  }
  throw new AppError('conflict', 'The payment changed while registering. Please try again.');
}

/**
 * The payment's consumption and TitleRegistered in one multi-stream append, at the revision the
 * payment was read at (by `settlePayment`, just before): the registration's
 * position; 'replay' when this payment already made this registration (nothing written); 'raced'
 * when the payment changed since it was read or the TR number was taken meanwhile (nothing written:
 * decide again). A refusal of the payment is thrown as the decider threw it.
 */
async function consumeAndRegister(
  appendMany: (appends: readonly StreamAppend[]) => Promise<AppendResult[]>,
  deps: RegisterDeps,
  { state, revision }: LoadedPayment,
  registration: TitleRegisteredData,
  context: CommandContext,
): Promise<Position | 'replay' | 'raced'> {
  const payment = paymentStream(registration.paymentId);
  const consumption = paymentDecider.decide(
    { type: 'Consume', userId: registration.ownerId, feeCents: deps.feeCents, registration, now: context.now },
    state,
  );
  if (consumption.length === 0) return 'replay';
  const title = titleDecider.decide({ type: 'RegisterTitle', registration }, titleDecider.initialState);
  try {
    const [, written] = await appendMany([
      { streamId: payment, events: toNewEvents(consumption, context), expectedRevision: revision },
      { streamId: titleStream(registration.trNumber), events: toNewEvents(title, context), expectedRevision: 'no_stream' },
    ]);
    return written!.position;
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) return 'raced';
    throw error;
  }
}

/**
 * A paid payment the registration refused because it can never pay for one (made for something
 * else, or of another amount than the fee) is refunded at once through the provider, and the
 * refusal says so: the money is never kept. Any other refusal is returned as it was.
 */
async function refundIfUnusable(deps: RegisterDeps, paymentId: string, refusal: unknown, context: CommandContext): Promise<unknown> {
  const { state } = await loadPayment(deps.store, paymentId);
  if (state.status !== 'succeeded') return refusal;
  const reason = unusableReason(state, deps.feeCents);
  if (!reason) return refusal;
  const { refundId } = await refundPayment(deps, paymentId, reason, context);
  return unprocessable(
    `${reason} It has been refunded in full to the card that paid it (refund ${refundId}). Please pay the registration fee from the registration form.`,
    { refundId },
  );
}

/** Gives a consumed payment back when its TR number turned out to be taken, so it can register again. */
async function release(store: EventStore, registration: TitleRegisteredData, reason: string, context: CommandContext): Promise<void> {
  await handleCommand(
    store,
    paymentStream(registration.paymentId),
    paymentDecider,
    { type: 'Release', trNumber: registration.trNumber, reason, now: context.now },
    context,
  );
}

/**
 * Finishes registrations whose payment was consumed but whose TitleRegistered was never written
 * (a crash between the two appends). Idempotent; run at start by every API instance.
 * Returns the TR numbers it completed.
 */
export async function completePendingRegistrations(store: EventStore, context: CommandContext): Promise<string[]> {
  const pending = new Map<string, TitleRegisteredData>();
  let from = START;
  for (;;) {
    const page: RecordedEvent[] = await store.readAll({
      from,
      maxCount: 5000,
      eventTypes: eventTypes('PaymentConsumed', 'PaymentReleased', 'TitleRegistered'),
    });
    for (const event of page) {
      if (isEvent(event, 'PaymentConsumed')) {
        pending.set(event.data.trNumber, event.data.registration);
      } else if (isEvent(event, 'TitleRegistered', 'PaymentReleased')) {
        // Done with, when it concerns the same payment.
        const { trNumber, paymentId } = event.data;
        if (pending.get(trNumber)?.paymentId === paymentId) pending.delete(trNumber);
      }
    }
    if (page.length < 5000) break;
    from = page[page.length - 1]!.position;
  }
  const completed: string[] = [];
  for (const registration of pending.values()) {
    if (await writeTitle(store, registration, context)) completed.push(registration.trNumber);
    else await release(store, registration, 'TR number collision found on recovery', context);
  }
  return completed;
}
