// Browser-safe zod schemas shared by the API and the web app (`@titleledger/api/schemas`): every
// request a route validates and every answer it declares (the web parses replies with the same ones).
// Nothing in this folder may import Node built-ins.
export * from './errors.js';
export * from './registrations.js';
export * from './accounts.js';
export * from './session.js';
export * from './payment-config.js';
export * from './regions.js';
export * from './support.js';
export * from './notifications.js';
export * from './text.js';
export * from './staff.js';
export * from './transparency.js';
export * from './anchoring.js';
export * from './verifier-download.js';
export * from './search.js';
export * from './health.js';
export * from './admin.js';
export * from './isolate.js';
