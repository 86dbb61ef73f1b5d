import { describe, expect, it } from 'vitest';
import { specification } from '../../../test/support/decider-spec.js';
import { titleDecider, TrNumberTakenError } from './decider.js';
import type { TitleEvent, TitleRegisteredData } from './events.js';

const registration: TitleRegisteredData = {
  trNumber: 'TR-COPY-2026-AAAAAAAA',
  title: 'Sea',
  ownerId: 'u1',
  registrantName: 'Ada Lovelace',
  materialType: 'Book',
  intendedMedium: 'TV',
  description: '',
  fileContentHash: 'a'.repeat(64),
  cryptographicHash: 'b'.repeat(64),
  hashVersion: 1,
  paymentId: 'cs_1',
  blobId: 'blob-1',
  fileName: 'sea.txt',
  fileSize: 3,
  mimeType: 'text/plain',
  registeredAt: '2026-01-02T03:04:05.000Z',
  contact: 'v1.sealed',
};
const registered: TitleEvent = { type: 'TitleRegistered', data: registration };
const { given } = specification(titleDecider);

describe('title decider', () => {
  it('none: registers the title consumed by its payment', () => {
    given().when({ type: 'RegisterTitle', registration }).then([{ type: 'TitleRegistered', data: registration }]);
  });

  describe('registered', () => {
    it('by this payment: nothing more to write (a retry, or recovery after a crash)', () => {
      given(registered).when({ type: 'RegisterTitle', registration }).thenNothing();
    });
    it('by another payment: the TR number is taken', () => {
      given(registered)
        .when({ type: 'RegisterTitle', registration: { ...registration, paymentId: 'cs_2' } })
        .thenThrows(TrNumberTakenError, /TR-COPY-2026-AAAAAAAA is already taken/);
    });
    it('archived: stays registered, marked archived', () => {
      const archived: TitleEvent = { type: 'RegistrationArchived', data: { trNumber: registration.trNumber, archivedAt: '2026-02-01T00:00:00.000Z', reason: null } };
      expect(given(registered, archived).state).toEqual({ status: 'registered', registration, archived: true });
    });
  });
});
