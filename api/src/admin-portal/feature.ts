// Wires the admin portal (issue 15): its actions over the event store, with the accounts feature's
// session store (a deleted creator's sessions end), the server keyring (their key is destroyed) and
// the read-your-writes wait (their titles are archived once the read model lists them all) and the
// works' blob store (their works are deleted with them).
import type { Accounts } from '../accounts/feature.js';
import { serverKeyring } from '../accounts/crypto.js';
import { FileSystemBlobStore, worksBlobDir } from '../documents/blob-store.js';
import type { App } from '../http/app.js';
import { AdminActions } from './admin-actions.js';
import { adminPortalRouteHandlers } from './routes.js';

export async function registerAdminPortal(app: App, accounts: Accounts): Promise<void> {
  const { store, pool } = app.deps;
  const actions = new AdminActions({
    store,
    pool,
    waitForProjections: (position, readModels) => app.waitForProjections(position, readModels),
    keyring: serverKeyring(),
    sessions: accounts.sessions,
    works: new FileSystemBlobStore(worksBlobDir(app.deps.config.dataDir)),
  });
  await app.register(adminPortalRouteHandlers, { actions });
}
