// The staff read models: the Admins list and the access log follow the staff streams, and a rebuild
// from position 0 gives the very same rows (same log ids, same order) again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { injectSender, jsonBody } from '../../../test/support/flows.js';
import { signedInStaff } from '../../../test/support/staff.js';
import { rebuildProjections } from '../runner/projection-runner.js';
import { staffProjection } from './staff.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.stop());

const snapshot = async () => ({
  accounts: (await app.running.pool.query('SELECT * FROM staff_accounts ORDER BY id')).rows,
  log: (await app.running.pool.query('SELECT * FROM staff_access_log ORDER BY id')).rows,
});

describe('staff read models', () => {
  it('list accounts and log every staff event; a rebuild gives the same rows', async () => {
    const send = injectSender(app);
    const master = await signedInStaff(app, 'master_admin', send);
    const admin = await signedInStaff(app, 'admin2', send);
    const gone = await signedInStaff(app, 'admin3', send);
    await send({ method: 'PUT', url: `/api/master-admin/admins/${admin.id}/role`, token: master.token, ...jsonBody({ role: 'admin1' }) });
    await send({ method: 'DELETE', url: `/api/master-admin/admins/${gone.id}`, token: master.token });
    await send({ method: 'POST', url: '/api/admin/logout', token: master.token });
    // A password reset by link: both its events are logged (and rebuilt) too.
    const context = { actor: { kind: 'admin' as const, id: master.id, role: 'master_admin' as const }, correlationId: 'staff-read-models', now: new Date() };
    const reset = await app.running.app!.staffService.issuePasswordReset(admin.id, context);
    const done = await app.running.app!.staffService.resetPasswordWithLink({ token: reset.token, password: 'A-new-password-2026' }, context);
    await app.running.app!.waitForProjections(done, ['staff']);

    const before = await snapshot();
    expect(before.accounts.find((a) => a.id === admin.id)).toMatchObject({ role: 'admin1', status: 'active' });
    expect(before.accounts.find((a) => a.id === gone.id)).toMatchObject({ status: 'deleted' });
    expect(before.log.map((l) => l.id)).toEqual(before.log.map((_, i) => String(i + 1)));
    expect(before.log.map((l) => l.action)).toEqual(
      expect.arrayContaining(['master_admin_created', 'admin_invited', 'invitation_accepted', 'login', 'role_changed', 'admin_deleted', 'logout', 'password_reset_sent', 'password_reset']),
    );

    for (const service of app.running.services) await service.stop();
    await rebuildProjections({ store: app.running.store, pool: app.running.pool, projections: [staffProjection] });
    expect(await snapshot()).toEqual(before);
  });
});
