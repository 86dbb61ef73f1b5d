// What a certificate is made from, in one query (issue 18 item 2): the registration and the anchor the
// ledger's read model holds for it. Against real Postgres: before the ledger's migrations ran (an API
// started first), once its batch is sealed (no transaction yet), and once it is anchored; and many
// at once, as the certificate requests of one turn ask for them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerMigrations } from '@titleledger/ledger';
import { readModelMigrations } from '@titleledger/projections';
import { migrate } from '../../api/src/db/migrate.js';
import { insertRegistrations } from '../../api/src/search/registrations-fixture.js';
import { findRegistrationsWithAnchors } from '../../api/src/tr-bundle/proof.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

let db: TestDatabase;

/** One registration with its anchor, as a certificate request asks for it. */
const findRegistrationWithAnchor = async (pool: TestDatabase['pool'], tr: string) => (await findRegistrationsWithAnchors(pool, [tr])).get(tr) ?? null;

beforeAll(async () => {
  db = await createTestDatabase(readModelMigrations);
  await insertRegistrations(db.pool, [
    { tr_number: 'TR-A1', title: 'Sealed then anchored', registrant_name: 'Ada Lovelace', material_type: 'Book' },
    { tr_number: 'TR-B2', title: 'Never sealed', registrant_name: 'Alan Turing', material_type: 'Script' },
  ]);
});

afterAll(async () => {
  await db.close();
});

describe('findRegistrationsWithAnchors', () => {
  it('finds the registration with no anchor while the ledger has no read model here', async () => {
    const found = await findRegistrationWithAnchor(db.pool, 'TR-A1');
    expect(found?.registration).toMatchObject({ tr_number: 'TR-A1', title: 'Sealed then anchored', registrant_name: 'Ada Lovelace' });
    expect(found?.anchor).toBeNull();
    expect(await findRegistrationWithAnchor(db.pool, 'TR-NONE')).toBeNull();
    const many = await findRegistrationsWithAnchors(db.pool, ['TR-B2', 'TR-NONE', 'TR-A1']);
    expect([...many.keys()].sort()).toEqual(['TR-A1', 'TR-B2']);
    expect(many.get('TR-B2')).toMatchObject({ registration: { title: 'Never sealed' }, anchor: null });
  });

  it('gives the anchor once sealed (no transaction yet) and once anchored, and none for a registration never sealed', async () => {
    await migrate(db.pool, ledgerMigrations);
    await db.pool.query(
      `INSERT INTO registration_proofs (tr_number, batch_id, leaf_index, tree_size, cryptographic_hash, leaf_hash, path, root)
       VALUES ('TR-A1', 7, 0, 1, 'aa', 'bb', '{}', 'cc')`,
    );
    const sealed = await findRegistrationWithAnchor(db.pool, 'TR-A1');
    expect(sealed?.anchor).toEqual({ txHash: null, blockNumber: null, chainId: null });
    // The joined columns stay out of the registration row.
    expect(Object.keys(sealed!.registration).filter((key) => key.startsWith('proof_'))).toEqual([]);

    await db.pool.query(`UPDATE registration_proofs SET tx_hash = '0xabc', block_number = 9007199254740993, chain_id = 31337 WHERE tr_number = 'TR-A1'`);
    expect((await findRegistrationWithAnchor(db.pool, 'TR-A1'))?.anchor).toEqual({ txHash: '0xabc', blockNumber: '9007199254740993', chainId: '31337' });

    const unsealed = await findRegistrationWithAnchor(db.pool, 'TR-B2');
    expect(unsealed?.registration.tr_number).toBe('TR-B2');
    expect(unsealed?.anchor).toBeNull();
    expect(await findRegistrationWithAnchor(db.pool, 'TR-NONE')).toBeNull();

    const many = await findRegistrationsWithAnchors(db.pool, ['TR-A1', 'TR-NONE', 'TR-B2']);
    expect([...many.keys()].sort()).toEqual(['TR-A1', 'TR-B2']);
    expect(many.get('TR-A1')?.anchor).toEqual({ txHash: '0xabc', blockNumber: '9007199254740993', chainId: '31337' });
    expect(many.get('TR-B2')?.anchor).toBeNull();
    expect(Object.keys(many.get('TR-A1')!.registration).filter((key) => key.startsWith('proof_'))).toEqual([]);
  });
});
