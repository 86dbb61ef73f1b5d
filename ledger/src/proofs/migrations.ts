// The `registration_proofs` read model (owned by the ledger, kept by proofs/proofs-projection.ts):
// one row per registration once its batch is sealed, with the anchor's columns set once the batch's
// root is anchored. The API reads it (GET /api/ledger/proof/:tr, the .tr bundle's proof, the
// certificate) without importing the ledger.
//
// The trigger keeps `registrations.status` right whichever projection runs first: the registrations
// projection (another subscription) may insert a row after its batch was already anchored here.
import type { Migration } from '@titleledger/api/runtime';

export const proofsMigrations: readonly Migration[] = [
  {
    id: 'ledger/010-registration-proofs',
    sql: `
      CREATE TABLE registration_proofs (
        tr_number text PRIMARY KEY,
        batch_id bigint NOT NULL,
        leaf_index integer NOT NULL,
        tree_size integer NOT NULL,
        cryptographic_hash text NOT NULL,
        leaf_hash text NOT NULL,
        path text[] NOT NULL,
        root text NOT NULL,
        chain_id bigint,
        contract text,
        tx_hash text,
        block_number bigint,
        block_timestamp bigint,
        anchored_at timestamptz
      );
      CREATE INDEX registration_proofs_by_batch ON registration_proofs (batch_id);

      CREATE FUNCTION ledger_registered_if_anchored() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status = 'pending' AND EXISTS (
          SELECT 1 FROM registration_proofs p WHERE p.tr_number = NEW.tr_number AND p.anchored_at IS NOT NULL
        ) THEN
          NEW.status := 'registered';
        END IF;
        RETURN NEW;
      END $$;
      DO $$
      BEGIN
        IF to_regclass('registrations') IS NOT NULL THEN
          CREATE TRIGGER registrations_registered_if_anchored BEFORE INSERT ON registrations
            FOR EACH ROW EXECUTE FUNCTION ledger_registered_if_anchored();
        END IF;
      END $$;
    `,
  },
];
