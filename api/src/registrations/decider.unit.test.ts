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
  });

  const at = '2026-02-01T00:00:00.000Z';
  const archive = { type: 'ArchiveRegistration' as const, by: 'staff-3', role: 'admin3' as const, reason: 'Duplicate of another title', cause: 'admin_deleted_registration' as const, at };
  const archived: TitleEvent = {
    type: 'RegistrationArchived',
    data: { trNumber: registration.trNumber, by: 'staff-3', role: 'admin3', reason: 'Duplicate of another title', cause: 'admin_deleted_registration', at },
  };
  const restored: TitleEvent = { type: 'RegistrationRestored', data: { trNumber: registration.trNumber, by: 'master', reason: null, at } };
  const correct = { type: 'CorrectRegistration' as const, by: 'staff-2', role: 'admin2' as const, reason: 'Typo in the title', at };

  describe('archiving (the Forever Database)', () => {
    it('none: there is nothing to archive', () => {
      given().when(archive).thenThrows(404, /No such registration/);
    });
    it('registered: archived by whom, with which role, why and when', () => {
      given(registered).when(archive).then([archived]);
    });
    it('archived: archiving again writes nothing (idempotent), the first who/why stays', () => {
      given(registered, archived).when({ ...archive, by: 'someone-else', reason: 'Again' }).thenNothing();
    });
    it('archived: the state keeps the registration, marked archived', () => {
      expect(given(registered, archived).state).toMatchObject({ status: 'registered', registration, archiveCause: 'admin_deleted_registration' });
    });
    it("archived on its own: archived again with its owner's account, so its own stream says it stays archived", () => {
      for (const cause of ['admin_deleted_user', 'owner_deleted_account'] as const) {
        given(registered, archived)
          .when({ ...archive, by: 'staff-3', reason: 'Account deleted', cause })
          .then([{ type: 'RegistrationArchived', data: { trNumber: registration.trNumber, cause, reason: 'Account deleted' } }]);
      }
    });
    it('archived with its account: nothing more, whatever the cause asked', () => {
      const withAccount: TitleEvent = { type: 'RegistrationArchived', data: { ...archived.data, cause: 'admin_deleted_user' } };
      for (const cause of ['admin_deleted_registration', 'admin_deleted_user', 'owner_deleted_account'] as const) {
        given(registered, withAccount).when({ ...archive, cause }).thenNothing();
        given(registered, archived, withAccount).when({ ...archive, cause }).thenNothing();
      }
    });
    it("the owner's account deletion archives with no staff role", () => {
      given(registered)
        .when({ ...archive, by: 'u1', role: null, cause: 'owner_deleted_account', reason: 'Account deleted' })
        .then([{ type: 'RegistrationArchived', data: { by: 'u1', role: null, cause: 'owner_deleted_account' } }]);
    });
  });

  describe('restoring', () => {
    const restore = { type: 'RestoreRegistration' as const, by: 'master', reason: null, at, ownerDeleted: false };
    it('archived: restored', () => {
      given(registered, archived).when(restore).then([restored]);
    });
    it('active: nothing to restore', () => {
      given(registered).when(restore).thenNothing();
      given(registered, archived, restored).when(restore).thenNothing();
    });
    it('none: no such registration', () => {
      given().when(restore).thenThrows(404);
    });
    it("its owner's account deleted: it stays archived (409)", () => {
      given(registered, archived).when({ ...restore, ownerDeleted: true }).thenThrows(409);
      given(registered).when({ ...restore, ownerDeleted: true }).thenNothing();
    });
    it('archived with its account: it stays archived (409), even before the account itself is deleted', () => {
      for (const cause of ['admin_deleted_user', 'owner_deleted_account'] as const) {
        const withAccount: TitleEvent = { type: 'RegistrationArchived', data: { ...archived.data, cause } };
        given(registered, withAccount).when(restore).thenThrows(409, /owner account was deleted/);
      }
      // Archived by itself, then restored and archived with the account: the latest cause counts.
      const withAccount: TitleEvent = { type: 'RegistrationArchived', data: { ...archived.data, cause: 'admin_deleted_user' } };
      given(registered, archived, restored, withAccount).when(restore).thenThrows(409);
      // Archived by itself, then again with the account (the deletion's sweep): the latest cause counts.
      given(registered, archived, withAccount).when(restore).thenThrows(409, /owner account was deleted/);
    });
    it('restored: active again, and can be archived again', () => {
      expect(given(registered, archived, restored).state).toMatchObject({ archiveCause: null });
      given(registered, archived, restored).when(archive).then([archived]);
    });
  });

  describe('corrections', () => {
    it('records only the fields that change, beside the registration as hashed', () => {
      given(registered)
        .when({ ...correct, title: 'The Sea', description: '' })
        .then([{ type: 'RegistrationCorrected', data: { trNumber: registration.trNumber, title: 'The Sea', by: 'staff-2', role: 'admin2', reason: 'Typo in the title' } }]);
      const [event] = titleDecider.decide({ ...correct, title: 'The Sea', description: '' }, given(registered).state);
      expect(event!.data).not.toHaveProperty('description');
    });
    it('the state shows the corrected title and keeps the registration (and its hash) as registered', () => {
      const corrected: TitleEvent = { type: 'RegistrationCorrected', data: { trNumber: registration.trNumber, by: 'staff-2', role: 'admin2', reason: 'Typo', title: 'The Sea', at } };
      expect(given(registered, corrected).state).toMatchObject({ title: 'The Sea', description: '', registration: { title: 'Sea', cryptographicHash: 'b'.repeat(64) } });
      given(registered, corrected).when({ ...correct, title: 'The Sea' }).thenNothing();
    });
    it('archived: refused until restored', () => {
      given(registered, archived).when({ ...correct, title: 'X' }).thenThrows(409, /Forever Database/);
    });
    it('none: no such registration', () => {
      given().when({ ...correct, title: 'X' }).thenThrows(404);
    });
  });
});
