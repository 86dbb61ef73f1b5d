// What other packages may use of accounts (`@titleledger/api/accounts`): the user events, the
// sealing helpers and the key table, so the `users` read model can open what the log holds.
export * from './events.js';
export { ServerKeyring, installServerKey, serverKeyring, seal, unseal, normaliseEmail } from './crypto.js';
export { readUserKey, type Queryable } from './user-keys.js';
export { accountsMigrations, apiMigrations } from './migrations.js';
