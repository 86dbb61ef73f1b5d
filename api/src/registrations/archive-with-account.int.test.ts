// A deleted account leaves no title active, whichever way it is deleted (by an admin, by its owner),
// on a real Postgres with the whole app: a title archived on its own whose restore races the
// deletion stays archived, and a title whose projection had not run when the deletion began is
// archived too. The interleavings are made, not waited for: the restore is driven through
// handleCommand as AdminActions.restoreRegistration runs it, held between reading the owner's stream
// and appending; the `registrations` projection is held back by a lock on its table.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { creatorFlows, injectSender, jsonBody, type Creator, type HttpRequest } from '../../../test/support/flows.js';
import { signedInStaff, type TestStaff } from '../../../test/support/staff.js';
import { appendRegistration, eventually, newRegistration } from '../../../test/ledger/registrations.js';
import { userDecider } from '../accounts/decider.js';
import { userStreamId } from '../accounts/events.js';
import { handleCommand, loadState, type CommandContext } from '../domain/command-handler.js';
import { WrongExpectedRevisionError } from '../eventstore/types.js';
import { isEvent } from '../events/index.js';
import { titleDecider } from './decider.js';
import { archiveTitlesOfDeletedOwners } from './late-registrations.js';
import { titleStream } from './tr-number.js';
import { rewrapDocuments } from './rewrap-documents.js';
import { serverKeyring } from '../accounts/crypto.js';
import { FileSystemBlobStore, worksBlobDir } from '../documents/blob-store.js';
import { deriveBlobWrappingKey } from '../documents/envelope.js';

let app: TestApp;
let staff: Record<'admin3' | 'master_admin', TestStaff>;
const statuses: number[] = [];
const call = async (request: HttpRequest) => {
  const reply = await injectSender(app)(request);
  statuses.push(reply.status);
  return reply;
};
const client = () => creatorFlows(call);

beforeAll(async () => {
  // A deletion waits for the held projection: generous, so a loaded machine never turns it into a 503.
  app = await startTestApp({ PROJECTION_WAIT_MS: '30000' });
  const entries = await Promise.all((['admin3', 'master_admin'] as const).map(async (role) => [role, await signedInStaff(app, role, call)] as const));
  staff = Object.fromEntries(entries) as typeof staff;
});
afterAll(async () => {
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  await app?.stop();
});

/** A title of `owner`'s, written to the log as the registration does, and listed once projected. */
async function registered(owner: Creator, title: string): Promise<string> {
  const registration = { ...newRegistration(undefined, title), ownerId: owner.userId };
  await app.running.app!.waitForProjections(await appendRegistration(app.running.store, registration), ['registrations']);
  return registration.trNumber;
}

const archiveOnItsOwn = async (trNumber: string) => {
  const reply = await call({ method: 'DELETE', url: `/api/admin/titles/${trNumber}`, token: staff.admin3.token, ...jsonBody({ reason: 'Duplicate filing' }) });
  expect(reply.status, reply.body).toBe(200);
};

const deleteByAdmin = (owner: Creator) =>
  call({ method: 'DELETE', url: `/api/admin/users/${owner.userId}`, token: staff.admin3.token, ...jsonBody({ reason: 'Fraudulent account' }) });
const deleteByOwner = (owner: Creator) =>
  call({ method: 'DELETE', url: '/api/user/account', token: owner.token, ...jsonBody({ password: owner.password, confirmText: 'DELETE MY ACCOUNT' }) });

const archiveCauses = async (trNumber: string) =>
  (await app.running.store.readStream(titleStream(trNumber))).flatMap((e) => (isEvent(e, 'RegistrationArchived') ? [e.data.cause] : []));
const archiveCause = async (trNumber: string) => {
  const { state } = await loadState(app.running.store, titleStream(trNumber), titleDecider);
  return state.status === 'registered' ? state.archiveCause : 'none';
};
const searchFinds = async (q: string) => (await call({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` })).json<unknown[]>().length > 0;
const listedActive = async (trNumber: string) =>
  (await app.running.pool.query<{ archived: boolean }>('SELECT archived FROM registrations WHERE tr_number = $1', [trNumber])).rows[0]?.archived === false;

/**
 * The master admin's restore of `trNumber`, as AdminActions.restoreRegistration makes it (the title's
 * stream read and folded, then the owner's read), held after both reads until `go` is called.
 */
async function restoreHeldAfterReading(trNumber: string, ownerId: string): Promise<{ go: () => void; outcome: Promise<unknown> }> {
  let go!: () => void;
  const held = new Promise<void>((resolve) => (go = resolve));
  let read!: () => void;
  const ownerRead = new Promise<void>((resolve) => (read = resolve));
  const context: CommandContext = { actor: { kind: 'admin', id: staff.master_admin.id, role: 'master_admin' }, correlationId: randomUUID(), now: new Date() };
  const outcome = handleCommand(
    app.running.store,
    titleStream(trNumber),
    titleDecider,
    async () => {
      const ownerDeleted = (await loadState(app.running.store, userStreamId(ownerId), userDecider)).state.status === 'deleted';
      read();
      await held;
      return { type: 'RestoreRegistration' as const, by: staff.master_admin.id, reason: 'Archived by mistake', at: context.now.toISOString(), ownerDeleted };
    },
    context,
  ).then(
    () => 'restored',
    (error: unknown) => error,
  );
  await ownerRead;
  return { go, outcome };
}

/** Holds the `registrations` projection back (its writes wait for this lock; reads go on) until the lock is given back. */
async function holdRegistrationsProjection(): Promise<{ release: () => Promise<void> }> {
  const db = await app.running.pool.connect();
  await db.query('BEGIN');
  await db.query('LOCK TABLE registrations IN EXCLUSIVE MODE');
  return {
    release: async () => {
      await db.query('ROLLBACK');
      db.release();
    },
  };
}

describe.each([
  { by: 'an admin', deleteAccount: deleteByAdmin, cause: 'admin_deleted_user' },
  { by: 'its owner', deleteAccount: deleteByOwner, cause: 'owner_deleted_account' },
] as const)('an account deleted by $by', ({ deleteAccount, cause }) => {
  it('takes a title archived on its own with it: a restore that read the owner before the deletion is refused', async () => {
    const owner = await client().signUp();
    const word = `Lantern${randomUUID().slice(0, 8)}`;
    const trNumber = await registered(owner, `${word} Songs`);
    await archiveOnItsOwn(trNumber);
    const restore = await restoreHeldAfterReading(trNumber, owner.userId);

    const reply = await deleteAccount(owner);
    expect(reply.status, reply.body).toBe(200);
    restore.go();

    expect(await restore.outcome).toBeInstanceOf(WrongExpectedRevisionError);
    expect(await archiveCauses(trNumber)).toEqual(['admin_deleted_registration', cause]);
    expect(await archiveCause(trNumber)).toBe(cause);
    // Read again, the restore is refused for good (409), as the master admin's next click would be.
    const again = await call({ method: 'POST', url: `/api/admin/forever-database/${trNumber}/restore`, token: staff.master_admin.token, ...jsonBody({}) });
    expect(again.status, again.body).toBe(409);
    expect(await listedActive(trNumber)).toBe(false);
    expect(await searchFinds(word)).toBe(false);
  });

  it('takes a title with it whose projection had not run when the deletion began', async () => {
    const owner = await client().signUp();
    const word = `Harbour${randomUUID().slice(0, 8)}`;
    const listed = await registered(owner, `${word} Listed`);
    const late = { ...newRegistration(undefined, `${word} Late`), ownerId: owner.userId };
    const hold = await holdRegistrationsProjection();
    let deleting: ReturnType<typeof deleteAccount> | undefined;
    try {
      await appendRegistration(app.running.store, late);
      deleting = deleteAccount(owner);
      // The deletion has archived what the read model listed, the late title not among it.
      await eventually(async () => (await archiveCauses(listed)).includes(cause), 90_000, 'the listed title archived with the account');
      expect(await archiveCauses(late.trNumber)).toEqual([]);
    } finally {
      await hold.release();
    }
    const reply = await deleting;
    expect(reply.status, reply.body).toBe(200);

    for (const trNumber of [listed, late.trNumber]) {
      expect(await archiveCauses(trNumber)).toEqual([cause]);
      expect(await listedActive(trNumber)).toBe(false);
    }
    expect(await searchFinds(word)).toBe(false);
  });
});

describe('the works of a deleted account', () => {
  // The uploaded work, encrypted under a key the server holds, would outlive the person: it goes with
  // the account. What proves the registration stays (hashes, TR number, the public answer and proof).
  it.each([
    ['by its owner', deleteByOwner],
    ['by an admin', deleteByAdmin],
  ] as const)('are deleted with the account deleted %s, its title archived on its own before included; a key rotation leaves them out', async (_how, deleteAccount) => {
    const owner = await client().signUp();
    const works = new FileSystemBlobStore(worksBlobDir(app.running.config.dataDir));
    const registrations = [];
    for (const text of ['first', 'second']) registrations.push(await client().register(owner.token, Buffer.from(`The ${text} work ${randomUUID()}`)));
    await archiveOnItsOwn(registrations[0]!.trNumber);
    const blobIds = (await app.running.pool.query<{ blob_id: string }>('SELECT blob_id FROM registrations WHERE owner_id = $1', [owner.userId])).rows.map((r) => r.blob_id);
    expect(blobIds).toHaveLength(2);
    for (const blobId of blobIds) expect((await works.get(blobId)).length).toBeGreaterThan(0);

    const reply = await deleteAccount(owner);
    expect(reply.status, reply.body).toBe(200);
    for (const blobId of blobIds) await expect(works.get(blobId)).rejects.toMatchObject({ code: 'ENOENT' });
    for (const { trNumber, cryptographicHash } of registrations) {
      const verify = await call({ method: 'GET', url: `/api/titles/verify/${trNumber}` });
      expect(verify.json()).toMatchObject({ archived: true, cryptographic_hash: cryptographicHash });
    }
    // A rotation visits every work the log names but these: gone on purpose, not lost (no "restore them from a backup").
    const visited: string[] = [];
    const recording = new (class extends FileSystemBlobStore {
      override async get(id: string) {
        visited.push(id);
        return super.get(id);
      }
    })(worksBlobDir(app.running.config.dataDir));
    const rotation = await rewrapDocuments(app.running.store, recording, serverKeyring().derived(deriveBlobWrappingKey));
    expect(visited.filter((id) => blobIds.includes(id))).toEqual([]);
    expect(rotation.forgotten).toBeGreaterThanOrEqual(2);
  });
});

describe('deleting an account again', () => {
  it('appends nothing more: every title is archived with it already', async () => {
    const owner = await client().signUp();
    const trNumber = await registered(owner, `Quay${randomUUID().slice(0, 8)}`);
    expect((await deleteByOwner(owner)).status).toBe(200);
    const reply = await deleteByAdmin(owner);
    expect(reply.status, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ deleted: false, archivedRegistrations: 0 });
    expect(await archiveCauses(trNumber)).toEqual(['owner_deleted_account']);
  });
});

describe('a registration in flight while its owner’s account is deleted', () => {
  // Its session and the owner's key were read before the deletion, and its TitleRegistered lands after
  // AccountDeleted: the deletion cannot have listed it. The late-registration sweep archives it.
  it.each([
    ['by its owner', deleteByOwner, 'owner_deleted_account'],
    ['by an admin', deleteByAdmin, 'admin_deleted_user'],
  ] as const)('is archived with the account deleted %s, attributed as the deletion', async (_how, deleteAccount, cause) => {
    const owner = await client().signUp();
    const word = `Ferry${randomUUID().slice(0, 8)}`;
    expect((await deleteAccount(owner)).status).toBe(200);
    const late = { ...newRegistration(undefined, word), ownerId: owner.userId };
    await appendRegistration(app.running.store, late);
    await eventually(async () => (await archiveCauses(late.trNumber)).includes(cause), 90_000, 'the late title archived with the account');
    const archived = (await app.running.store.readStream(titleStream(late.trNumber))).find((e) => isEvent(e, 'RegistrationArchived'));
    expect(archived?.data).toMatchObject(cause === 'admin_deleted_user' ? { by: staff.admin3.id, role: 'admin3', reason: 'Fraudulent account' } : { by: owner.userId, role: null });
    await eventually(async () => !(await listedActive(late.trNumber)), 90_000, 'the late title out of the lists');
    expect(await searchFinds(word)).toBe(false);
  });
});

describe('titles of a deleted account left active', () => {
  // As an owner's own deletion left them before it archived anything, or one that stopped after
  // AccountDeleted: archived with the account when an API process starts.
  it('are archived with the account at start, attributed to its owner', async () => {
    const owner = await client().signUp();
    const word = `Lantern${randomUUID().slice(0, 8)}`;
    const trNumber = await registered(owner, word);
    const context: CommandContext = { actor: { kind: 'user', id: owner.userId, role: null }, correlationId: randomUUID(), now: new Date() };
    const { appended } = await handleCommand(app.running.store, userStreamId(owner.userId), userDecider, { type: 'DeleteAccount', data: { reason: 'user_request', deletedAt: context.now.toISOString() } }, context);
    await app.running.app!.waitForProjections(appended?.position, ['users']);
    expect(await listedActive(trNumber)).toBe(true);

    const api = app.running.app!;
    const deps = { store: app.running.store, pool: app.running.pool, waitForProjections: api.waitForProjections.bind(api), log: api.log, works: new FileSystemBlobStore(worksBlobDir(app.running.config.dataDir)) };
    expect(await archiveTitlesOfDeletedOwners(deps)).toBe(1);
    expect(await archiveCauses(trNumber)).toEqual(['owner_deleted_account']);
    await eventually(async () => !(await listedActive(trNumber)), 90_000, 'the title out of the lists');
    expect(await searchFinds(word)).toBe(false);
    expect(await archiveTitlesOfDeletedOwners(deps)).toBe(0);
  });

  it('and the works such a deletion left in the blob store are deleted at start, the titles archived already', async () => {
    const owner = await client().signUp();
    const { trNumber } = await client().register(owner.token, Buffer.from(`A work left behind ${randomUUID()}`));
    await archiveOnItsOwn(trNumber);
    // Deleted as deletions did until 2026-11-28: the title archived, its work left where it was.
    const context: CommandContext = { actor: { kind: 'user', id: owner.userId, role: null }, correlationId: randomUUID(), now: new Date() };
    const { appended } = await handleCommand(app.running.store, userStreamId(owner.userId), userDecider, { type: 'DeleteAccount', data: { reason: 'user_request', deletedAt: context.now.toISOString() } }, context);
    await app.running.app!.waitForProjections(appended?.position, ['users']);
    const works = new FileSystemBlobStore(worksBlobDir(app.running.config.dataDir));
    const { blob_id: blobId } = (await app.running.pool.query<{ blob_id: string }>('SELECT blob_id FROM registrations WHERE tr_number = $1', [trNumber])).rows[0]!;
    expect(await works.has(blobId)).toBe(true);

    const api = app.running.app!;
    await archiveTitlesOfDeletedOwners({ store: app.running.store, pool: app.running.pool, waitForProjections: api.waitForProjections.bind(api), log: api.log, works });
    expect(await works.has(blobId)).toBe(false);
    expect(await archiveCauses(trNumber)).toEqual(['admin_deleted_registration', 'owner_deleted_account']);
  });
});
