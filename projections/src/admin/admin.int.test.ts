// The admin read models from real events on a real Postgres: counts, per-period, per-type, per-country
// and the Forever Database move as registrations are made, archived, restored and corrected and as
// accounts are deleted; and every table equals what a rebuild from position 0 gives.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand, type CommandContext } from '@titleledger/api/domain';
import type { Position, RecordedEvent } from '@titleledger/api/eventstore';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { creatorFlows, injectSender, jsonBody, type Creator, type Send } from '../../../test/support/flows.js';
import { appendRegistration, newRegistration } from '../../../test/ledger/registrations.js';
import { titleDecider } from '../../../api/src/registrations/decider.js';
import { allProjections } from '../index.js';
import { rebuildProjections } from '../runner/projection-runner.js';
import { adminProjection, UNKNOWN_COUNTRY } from './admin.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.stop());

const adminContext = (now = new Date()): CommandContext => ({
  actor: { kind: 'admin', id: randomUUID(), role: 'admin3' },
  correlationId: randomUUID(),
  clientIp: '10.1.2.3',
  now,
});
const waitFor = (position: Position | undefined) => app.running.app!.waitForProjections(position, ['admin', 'registrations', 'staff']);

async function titleCommand(trNumber: string, command: Parameters<typeof titleDecider.decide>[0]): Promise<void> {
  const { appended } = await handleCommand(app.running.store, `title-${trNumber}`, titleDecider, command, adminContext());
  await waitFor(appended?.position);
}

/** Every admin table, in a stable order, as plain rows. */
async function snapshot(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of adminProjection.tables) {
    out[table] = (await app.running.pool.query(`SELECT * FROM ${table} ORDER BY 1`)).rows;
  }
  return out;
}

describe('admin read models', () => {
  it('count, bucket, group by type and country, keep the Forever Database, and equal a rebuild from zero', async () => {
    const send = injectSender(app);
    const flows = creatorFlows(send);
    const french = await moveTo(send, await flows.signUp(), 'FR');
    const american = await flows.signUp();
    const leaving = await moveTo(send, await flows.signUp(), 'DE');
    const pool = app.running.pool;

    const at = (iso: string) => ({ registeredAt: iso });
    const made = [
      { ...newRegistration(), ownerId: french.userId, materialType: 'Book', ...at('2026-01-05T10:00:00.000Z') },
      { ...newRegistration(), ownerId: french.userId, materialType: 'Book', ...at('2026-01-05T23:59:59.000Z') },
      { ...newRegistration(), ownerId: american.userId, materialType: 'Poems', ...at('2026-01-06T00:00:00.000Z') },
      { ...newRegistration(), ownerId: american.userId, materialType: 'Book', ...at('2026-02-10T08:00:00.000Z') },
      { ...newRegistration(), ownerId: leaving.userId, materialType: 'Script', ...at('2026-02-11T08:00:00.000Z') },
    ];
    let last: Position | undefined;
    for (const registration of made) last = await appendRegistration(app.running.store, registration);
    await waitFor(last);

    const totals = async () => (await pool.query('SELECT registrations::int, active::int, users::int FROM admin_totals')).rows[0];
    const usersBefore = (await totals()).users;
    expect(await totals()).toMatchObject({ registrations: 5, active: 5 });
    expect((await pool.query(`SELECT to_char(day, 'YYYY-MM-DD') AS day, registrations::int, active::int FROM admin_registrations_by_day ORDER BY day`)).rows).toEqual([
      { day: '2026-01-05', registrations: 2, active: 2 },
      { day: '2026-01-06', registrations: 1, active: 1 },
      { day: '2026-02-10', registrations: 1, active: 1 },
      { day: '2026-02-11', registrations: 1, active: 1 },
    ]);
    const types = async () => (await pool.query('SELECT material_type, registrations::int, active::int, latest_at FROM admin_material_type_stats ORDER BY material_type')).rows;
    expect(await types()).toEqual([
      { material_type: 'Book', registrations: 3, active: 3, latest_at: new Date('2026-02-10T08:00:00.000Z') },
      { material_type: 'Poems', registrations: 1, active: 1, latest_at: new Date('2026-01-06T00:00:00.000Z') },
      { material_type: 'Script', registrations: 1, active: 1, latest_at: new Date('2026-02-11T08:00:00.000Z') },
    ]);
    const geo = async () => Object.fromEntries((await pool.query('SELECT country, active::int FROM admin_registrations_by_geo')).rows.map((r) => [r.country, r.active]));
    expect(await geo()).toEqual({ FR: 2, US: 2, DE: 1 });

    // Archived: out of the active counts, into the Forever Database; archiving twice changes nothing.
    const archive = { type: 'ArchiveRegistration' as const, by: randomUUID(), role: 'admin3' as const, reason: 'Duplicate work', cause: 'admin_deleted_registration' as const, at: '2026-03-01T00:00:00.000Z' };
    await titleCommand(made[0]!.trNumber, archive);
    await titleCommand(made[0]!.trNumber, { ...archive, reason: 'Again' });
    expect(await totals()).toMatchObject({ registrations: 5, active: 4 });
    expect(await geo()).toMatchObject({ FR: 1 });
    expect((await types())[0]).toMatchObject({ material_type: 'Book', registrations: 3, active: 2 });
    const archived = (await pool.query('SELECT tr_number, reason, cause, archived_by_role FROM forever_database')).rows;
    expect(archived).toEqual([{ tr_number: made[0]!.trNumber, reason: 'Duplicate work', cause: 'admin_deleted_registration', archived_by_role: 'admin3' }]);
    expect((await pool.query('SELECT archived FROM registrations WHERE tr_number = $1', [made[0]!.trNumber])).rows[0]).toEqual({ archived: true });

    // Restored: back in every count, out of the Forever Database.
    await titleCommand(made[0]!.trNumber, { type: 'RestoreRegistration', by: randomUUID(), reason: null, at: '2026-03-02T00:00:00.000Z', ownerDeleted: false });
    expect(await totals()).toMatchObject({ registrations: 5, active: 5 });
    expect((await pool.query('SELECT count(*)::int AS n FROM forever_database')).rows[0]).toEqual({ n: 0 });

    // Corrected: the shown title changes, the registered one and the hash stay.
    await titleCommand(made[2]!.trNumber, { type: 'CorrectRegistration', by: randomUUID(), role: 'admin2', reason: 'Typo', title: 'Corrected Title', at: '2026-03-03T00:00:00.000Z' });
    expect((await pool.query('SELECT title, registered_title, corrections, cryptographic_hash FROM registrations WHERE tr_number = $1', [made[2]!.trNumber])).rows[0]).toEqual({
      title: 'Corrected Title',
      registered_title: made[2]!.title,
      corrections: 1,
      cryptographic_hash: made[2]!.cryptographicHash,
    });

    // Another archived; then an owner deletes their account: their country can no longer be read, so
    // their registrations count under Unknown until archived with the account.
    await titleCommand(made[3]!.trNumber, { ...archive, reason: 'Spam' });
    const deleted = await send({
      method: 'DELETE',
      url: '/api/user/account',
      token: leaving.token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: leaving.password, confirmText: 'DELETE MY ACCOUNT' }),
    });
    expect(deleted.status).toBe(200);
    // The deletion archived their registration with the account, after AccountDeleted: the log's head is past both.
    await waitFor(await app.running.store.headPosition());
    expect((await pool.query('SELECT cause FROM forever_database WHERE tr_number = $1', [made[4]!.trNumber])).rows).toEqual([{ cause: 'owner_deleted_account' }]);
    expect((await totals()).users).toBe(usersBefore - 1);
    expect(await geo()).toEqual({ FR: 2, US: 1 });
    expect(await totals()).toMatchObject({ registrations: 5, active: 3 });

    const live = await snapshot();
    for (const service of app.running.services) await service.stop();
    await rebuildProjections({ store: app.running.store, pool, projections: allProjections });
    const rebuilt = await snapshot();
    expect(rebuilt).toEqual(live);
    expect(live.forever_database).toHaveLength(2);
    expect(live.admin_user_stats!.map((r) => (r as { user_id: string }).user_id)).not.toContain(leaving.userId);
    expect(UNKNOWN_COUNTRY).toBe('Unknown');
  });
});

describe('admin registrations counted in runs', () => {
  it('counts a registration once when a batch holds it twice or comes again, and buckets a run by day and type', async () => {
    const owner = randomUUID();
    const recorded = (data: ReturnType<typeof newRegistration>, commit: bigint): RecordedEvent => ({
      type: 'TitleRegistered',
      data,
      metadata: { eventId: randomUUID(), correlationId: randomUUID(), causationId: null, actor: { kind: 'system', id: 'test', role: null }, clientIp: null, occurredAt: data.registeredAt, schemaVersion: 1 },
      streamId: `title-${data.trNumber}`,
      revision: 0n,
      position: { commit, prepare: 0n },
    });
    const one = { ...newRegistration(), ownerId: owner, materialType: 'Run test A', registeredAt: '2031-03-01T10:00:00.000Z' };
    const two = { ...newRegistration(), ownerId: owner, materialType: 'Run test A', registeredAt: '2031-03-01T11:00:00.000Z' };
    const three = { ...newRegistration(), ownerId: owner, materialType: 'Run test B', registeredAt: '2031-03-02T09:00:00.000Z' };
    const client = await app.running.pool.connect();
    try {
      await client.query('BEGIN');
      const before = (await client.query<{ registrations: string }>('SELECT registrations FROM admin_totals')).rows[0]?.registrations ?? '0';
      const batch = [recorded(one, 1n), recorded(two, 2n), recorded(one, 3n), recorded(three, 4n)];
      await adminProjection.apply(batch, client);
      await adminProjection.apply(batch, client);
      const after = (await client.query<{ registrations: string }>('SELECT registrations FROM admin_totals')).rows[0]!.registrations;
      expect(Number(after) - Number(before)).toBe(3);
      const days = await client.query("SELECT day::text, registrations::int FROM admin_registrations_by_day WHERE day >= '2031-03-01' ORDER BY day");
      expect(days.rows).toEqual([{ day: '2031-03-01', registrations: 2 }, { day: '2031-03-02', registrations: 1 }]);
      const types = await client.query("SELECT material_type, registrations::int, latest_at FROM admin_material_type_stats WHERE material_type LIKE 'Run test %' ORDER BY 1");
      expect(types.rows).toEqual([
        { material_type: 'Run test A', registrations: 2, latest_at: new Date(two.registeredAt) },
        { material_type: 'Run test B', registrations: 1, latest_at: new Date(three.registeredAt) },
      ]);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});

/** Sign-up takes US addresses only; the profile can move abroad. */
async function moveTo(send: Send, creator: Creator, country: string): Promise<Creator> {
  const reply = await send({ method: 'PUT', url: '/api/user/profile', token: creator.token, ...jsonBody({ country }) });
  if (reply.status !== 200) throw new Error(`moving to ${country}: ${reply.status} ${reply.body}`);
  return creator;
}
