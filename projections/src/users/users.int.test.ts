// The users read model: personal data opened with the user's key; a deleted account's row is gone
// and a rebuild from position 0 does not bring it back (its key no longer exists).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { signUpDetails } from '../../../test/support/flows.js';
import { allProjections } from '../index.js';
import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@titleledger/api/eventstore';
import { rebuildProjections } from '../runner/projection-runner.js';
import { usersProjection } from './users.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.stop());

async function register(email: string) {
  const response = await app.running.app!.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(signUpDetails({ email, password: 'long enough password', fullName: 'Mary Shelley', firstName: 'Mary', lastName: 'Shelley' })),
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ token: string; user: { id: string } }>();
}

describe('users read model', () => {
  it('takes a run of sign-ins in one statement and keeps the last one in log order, as one by one would', async () => {
    const user = await register('runs@example.com');
    const login = (userId: string, at: string, commit: bigint): RecordedEvent => ({
      type: 'UserLoggedIn',
      data: { method: 'password', totpTimeStep: null, rememberMe: false },
      metadata: { eventId: randomUUID(), correlationId: randomUUID(), causationId: null, actor: { kind: 'user', id: userId, role: null }, clientIp: null, occurredAt: at, schemaVersion: 1 },
      streamId: `user-${userId}`,
      revision: commit,
      position: { commit, prepare: 0n },
    });
    const client = await app.running.pool.connect();
    try {
      await client.query('BEGIN');
      await usersProjection.apply(
        [
          login(user.user.id, '2031-05-01T10:00:00.000Z', 1n),
          login(randomUUID(), '2031-05-01T12:00:00.000Z', 2n), // no such user: nothing to move
          login(user.user.id, '2031-05-01T13:00:00.000Z', 3n),
          login(user.user.id, '2031-05-01T11:00:00.000Z', 4n), // last in the log, though earlier by its clock
        ],
        client,
      );
      const { rows } = await client.query<{ last_login_at: Date }>('SELECT last_login_at FROM users WHERE id = $1', [user.user.id]);
      expect(rows[0]!.last_login_at).toEqual(new Date('2031-05-01T11:00:00.000Z'));
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('holds living accounts in clear, drops deleted ones, and a rebuild keeps them dropped', async () => {
    const kept = await register('kept@example.com');
    const gone = await register('gone@example.com');
    const pool = app.running.pool;
    const row = (await pool.query('SELECT email, first_name, last_name, email_hmac FROM users WHERE id = $1', [kept.user.id])).rows[0];
    expect(row).toMatchObject({ email: 'kept@example.com', first_name: 'Mary', last_name: 'Shelley' });
    expect(row.email_hmac).toMatch(/^[0-9a-f]{64}$/);

    const deleted = await app.running.app!.inject({
      method: 'DELETE',
      url: '/api/user/account',
      headers: { authorization: `Bearer ${gone.token}` },
      payload: { password: 'long enough password', confirmText: 'DELETE MY ACCOUNT' },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await pool.query('SELECT 1 FROM users WHERE id = $1', [gone.user.id])).rowCount).toBe(0);

    for (const service of app.running.services) await service.stop();
    await rebuildProjections({ store: app.running.store, pool, projections: allProjections });
    const ids = (await pool.query<{ id: string }>('SELECT id FROM users')).rows.map((r) => r.id);
    expect(ids).toContain(kept.user.id);
    expect(ids).not.toContain(gone.user.id);
    expect(JSON.stringify((await pool.query('SELECT * FROM users')).rows)).not.toContain('gone@example.com');
  });

});
