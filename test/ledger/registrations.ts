// Registrations for the ledger's tests, appended straight to the log as the registrations feature
// does (TitleRegistered on `title-<trNumber>` with no_stream), with a real v1 cryptographic hash.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { toNewEvents } from '@titleledger/api/domain';
import type { EventStore, Position } from '@titleledger/api/eventstore';
import { registrationHash } from '../../api/src/registrations/registration-hash.js';
import type { EventData } from '@titleledger/api/events';
import { newTrNumber } from '../../api/src/registrations/tr-number.js';

export type TestRegistration = EventData<'TitleRegistered'>;

export function newRegistration(content: Buffer = randomBytes(64), title = `Work ${randomUUID().slice(0, 8)}`): TestRegistration {
  const trNumber = newTrNumber(new Date());
  const base = {
    trNumber,
    title,
    ownerId: randomUUID(),
    materialType: 'Short Story',
    intendedMedium: 'ONLINE/DIGITAL',
    fileContentHash: createHash('sha256').update(content).digest('hex'),
    registeredAt: new Date().toISOString(),
  };
  return {
    ...base,
    registrantName: 'Ada Lovelace',
    description: '',
    cryptographicHash: registrationHash(base),
    hashVersion: 1,
    paymentId: randomUUID(),
    blobId: randomUUID(),
    fileName: 'work.txt',
    fileSize: content.length,
    mimeType: 'text/plain',
    contact: 'v1.sealed',
  };
}

export async function appendRegistration(store: EventStore, registration: TestRegistration): Promise<Position> {
  const appended = await store.append(
    `title-${registration.trNumber}`,
    toNewEvents([{ type: 'TitleRegistered', data: registration }], {
      actor: { kind: 'user', id: registration.ownerId, role: null },
      correlationId: randomUUID(),
      now: new Date(registration.registeredAt),
    }),
    'no_stream',
  );
  return appended.position;
}

/**
 * Polls `check` until it returns a value (not undefined/null/false) or `timeoutMs` passes: a hang
 * detector, as long as the project's `expect.poll` (vitest.config.ts), since a loaded machine is slow.
 */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 90_000, what = 'condition'): Promise<Exclude<T, undefined | null | false>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as Exclude<T, undefined | null | false>;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
