// The event-store port and its adapters, exported as `@titleledger/api/eventstore`.
import type pg from 'pg';
import { EventStoreDbEventStore } from './eventstoredb/eventstoredb-event-store.js';
import { PostgresEventStore, type PostgresEventStoreOptions } from './postgres/postgres-event-store.js';
import type { EventStore } from './types.js';

export * from './types.js';
export * from './position.js';
export * from './postgres/index.js';
export { EventStoreDbEventStore } from './eventstoredb/eventstoredb-event-store.js';

/** EVENTSTORE_URL selects EventStoreDB; otherwise the log lives in Postgres. */
export function createEventStore(
  options: { eventStoreUrl?: string | undefined; pool: pg.Pool } & PostgresEventStoreOptions,
): EventStore {
  if (options.eventStoreUrl) return new EventStoreDbEventStore(options.eventStoreUrl);
  return new PostgresEventStore(options.pool, options);
}
