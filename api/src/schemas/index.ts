// Browser-safe zod schemas shared by the API and the web app (`@titleledger/api/schemas`).
// Nothing in this folder may import Node built-ins.
export * from './errors.js';
export * from './registrations.js';
export * from './accounts.js';
export * from './support.js';
export * from './text.js';
export * from './staff.js';
export * from './transparency.js';
export * from './admin.js';
