// Staff members for tests: a signed-in staff member of any role, made the way the product makes
// them (a master admin as `npm run admin` does; others invited, accepted and signed in over HTTP).
import { randomBytes } from 'node:crypto';
import type { StaffRole } from '@titleledger/api/schemas';
import type { TestApp } from './app.js';
import { freshEmail, injectSender, TEST_PASSWORD, type Send } from './flows.js';

export interface TestStaff {
  readonly id: string;
  readonly email: string;
  readonly password: string;
  readonly role: StaffRole;
  /** A bearer token of a live staff session. */
  readonly token: string;
}

const systemContext = () => ({
  actor: { kind: 'system' as const, id: null, role: null },
  correlationId: `test-${randomBytes(4).toString('hex')}`,
  now: new Date(),
});

/** An account of `role` that exists but is not signed in (a master admin, or an accepted invitation). */
export async function createStaff(app: TestApp, role: StaffRole, email = freshEmail(role.replace('_', '-'))): Promise<{ id: string; email: string; password: string }> {
  const service = app.running.app!.staffService;
  const password = TEST_PASSWORD;
  if (role === 'master_admin') {
    const { staffId } = await service.createMasterAdmin({ email, password, source: 'cli' }, systemContext());
    return { id: staffId, email, password };
  }
  const invitation = await service.invite({ email, firstName: 'Test', lastName: role, role }, systemContext());
  await service.acceptInvitation({ token: invitation.token, password }, systemContext());
  return { id: invitation.staffId, email, password };
}

/** An invited account that has not accepted (no password, so no scrypt): for a console with many rows. */
export async function inviteStaff(app: TestApp, role: Exclude<StaffRole, 'master_admin'>, names: { firstName: string; lastName: string }, email = freshEmail(role)): Promise<{ id: string; email: string }> {
  const invitation = await app.running.app!.staffService.invite({ email, ...names, role }, systemContext());
  return { id: invitation.staffId, email };
}

/** Signs in at the portal the role belongs to and returns the session's bearer token. */
export async function signInStaff(send: Send, email: string, password: string, portal: 'admin' | 'master-admin' = 'admin'): Promise<string> {
  const response = await send({
    method: 'POST',
    url: `/api/${portal}/login`,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`staff sign-in failed: ${response.status} ${response.body}`);
  return response.json<{ token: string }>().token;
}

/** A signed-in staff member of `role`. */
export async function signedInStaff(app: TestApp, role: StaffRole, send: Send = injectSender(app)): Promise<TestStaff> {
  const account = await createStaff(app, role);
  const token = await signInStaff(send, account.email, account.password, role === 'master_admin' ? 'master-admin' : 'admin');
  return { ...account, role, token };
}
