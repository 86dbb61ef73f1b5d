// Checkpoints of the ledger's subscriptions (ledger_checkpoints), read and moved inside the caller's
// transaction.
import type pg from 'pg';
import { START, type Position } from '@titleledger/api/eventstore';

export async function readCheckpoint(client: pg.Pool | pg.PoolClient, name: string): Promise<Position> {
  const { rows } = await client.query<{ commit_position: string; prepare_position: string }>(
    'SELECT commit_position, prepare_position FROM ledger_checkpoints WHERE name = $1',
    [name],
  );
  const row = rows[0];
  return row ? { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) } : START;
}

export async function writeCheckpoint(client: pg.PoolClient, name: string, position: Position): Promise<void> {
  await client.query(
    `INSERT INTO ledger_checkpoints (name, commit_position, prepare_position) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO UPDATE SET commit_position = $2, prepare_position = $3, updated_at = now()`,
    [name, position.commit.toString(), position.prepare.toString()],
  );
}
