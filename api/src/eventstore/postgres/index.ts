export { PostgresEventStore, type PostgresEventStoreOptions } from './postgres-event-store.js';
export { eventStoreMigrations } from './schema.js';
