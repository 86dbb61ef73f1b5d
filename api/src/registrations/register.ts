// Registering a title, atomically with consuming its payment, on any event-store adapter:
//
// 1. the payment must be the caller's, paid (asked of the provider, never the browser) and equal
//    to the fee;
// 2. `PaymentConsumed` is appended to `payment-<id>` at the revision just read, carrying the whole
//    registration: exactly one concurrent submission wins, every other gets 409 "already been used";
// 3. `TitleRegistered` is appended to `title-<tr>` with `no_stream`.
//
// The consumption is the commit point. A crash between 2 and 3 leaves a consumed payment whose
// registration is already decided and durable; `completePendingRegistrations` (run at start) writes
// the missing TitleRegistered from it, and `no_stream` makes that idempotent. A TR number taken in
// the meantime (40 random bits: practically never) releases the payment and the caller retries.
import { handleCommand, toNewEvents, type CommandContext } from '../domain/command-handler.js';
import { AppError } from '../errors.js';
import { START, type EventStore, type Position, type RecordedEvent } from '../eventstore/index.js';
import { WrongExpectedRevisionError } from '../eventstore/types.js';
import { paymentDecider, paymentSchemaVersions, paymentStream, type PaymentEvent } from '../payments/checkout.js';
import { settlePayment, type CheckoutDeps } from '../payments/checkout-service.js';
import type { TitleRegisteredData } from './events.js';
import { registrationSchemaVersions } from './events.js';
import { REGISTRATION_HASH_VERSION, registrationHash } from './registration-hash.js';
import { newTrNumber, titleStream } from './tr-number.js';

export interface RegisterDeps extends CheckoutDeps {
  readonly feeCents: number;
  /** Seals the contact details with the owner's key (crypto-shredding). */
  sealContact(ownerId: string, contact: { email: string; phone: string; address: string }): Promise<string>;
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
  };
}

async function freeTrNumber(store: EventStore, now: Date): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const tr = newTrNumber(now);
    if ((await store.readStream(titleStream(tr))).length === 0) return tr;
  }
  throw new Error('Could not find a free TR number in 5 attempts');
}

function titleRegisteredEvent(registration: TitleRegisteredData) {
  return { type: 'TitleRegistered' as const, data: registration };
}

/** Appends TitleRegistered for a consumed payment; true when it is (now or already) recorded. */
async function writeTitle(store: EventStore, registration: TitleRegisteredData, context: CommandContext): Promise<{ ok: boolean; position?: Position }> {
  try {
    const appended = await store.append(
      titleStream(registration.trNumber),
      toNewEvents([titleRegisteredEvent(registration)], context, registrationSchemaVersions),
      'no_stream',
    );
    return { ok: true, position: appended.position };
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    const existing = await store.readStream(titleStream(registration.trNumber));
    const first = existing[0];
    const mine = first?.type === 'TitleRegistered' && (first.data as TitleRegisteredData).paymentId === registration.paymentId;
    return mine ? { ok: true, position: first.position } : { ok: false };
  }
}

export async function registerTitle(
  deps: RegisterDeps,
  input: RegisterInput,
  context: CommandContext,
): Promise<{ registration: TitleRegisteredData; position: Position | undefined }> {
  const contact = await deps.sealContact(input.ownerId, { email: input.email, phone: input.phone, address: input.address });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    // The provider decides whether an open payment was paid; a settled one is left alone.
    await settlePayment(deps, input.paymentId, 'retrieval', context);
    const trNumber = await freeTrNumber(deps.store, context.now);
    const registeredAt = context.now.toISOString();
    const hashed = {
      trNumber,
      title: input.title,
      ownerId: input.ownerId,
      materialType: input.materialType,
      intendedMedium: input.intendedMedium,
      fileContentHash: input.file.sha256,
      registeredAt,
    };
    const registration: TitleRegisteredData = {
      ...hashed,
      registrantName: `${input.firstName} ${input.lastName}`.trim(),
      description: input.description,
      cryptographicHash: registrationHash(hashed),
      hashVersion: REGISTRATION_HASH_VERSION,
      paymentId: input.paymentId,
      blobId: input.file.blobId,
      fileName: input.file.name,
      fileSize: input.file.size,
      mimeType: input.file.mimeType,
      contact,
    };
    try {
      await handleCommand(
        deps.store,
        paymentStream(input.paymentId),
        paymentDecider,
        { type: 'Consume', userId: input.ownerId, feeCents: deps.feeCents, registration, now: context.now },
        context,
        paymentSchemaVersions,
      );
    } catch (error) {
      // Someone else appended to the payment since we read it: decide again on the new state
      // (which, if they consumed it, refuses with "already been used").
      if (error instanceof WrongExpectedRevisionError) continue;
      throw error;
    }
    await deps.afterConsume?.(registration);
    const written = await writeTitle(deps.store, registration, context);
    if (written.ok) return { registration, position: written.position };
    await handleCommand(
      deps.store,
      paymentStream(input.paymentId),
      paymentDecider,
      { type: 'Release', trNumber, reason: 'TR number collision', now: context.now },
      context,
      paymentSchemaVersions,
    );
  }
  throw new AppError('conflict', 'The payment changed while registering. Please try again.');
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
      eventTypes: ['PaymentConsumed', 'PaymentReleased', 'TitleRegistered'],
    });
    for (const event of page) {
      if (event.type === 'PaymentConsumed') {
        const data = (event as unknown as Extract<PaymentEvent, { type: 'PaymentConsumed' }>).data;
        pending.set(data.trNumber, data.registration);
      } else {
        // TitleRegistered or PaymentReleased: done with, when it concerns the same payment.
        const data = event.data as { trNumber: string; paymentId: string };
        if (pending.get(data.trNumber)?.paymentId === data.paymentId) pending.delete(data.trNumber);
      }
    }
    if (page.length < 5000) break;
    from = page[page.length - 1]!.position;
  }
  const completed: string[] = [];
  for (const registration of pending.values()) {
    const written = await writeTitle(store, registration, context);
    if (written.ok) {
      completed.push(registration.trNumber);
      continue;
    }
    await handleCommand(
      store,
      paymentStream(registration.paymentId),
      paymentDecider,
      { type: 'Release', trNumber: registration.trNumber, reason: 'TR number collision found on recovery', now: context.now },
      context,
      paymentSchemaVersions,
    );
  }
  return completed;
}
