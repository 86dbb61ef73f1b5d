export { PostgresEventStore, type PostgresEventStoreOptions } from './postgres-event-store.js';
export { eventStoreMigrations } from './schema.js';
export { extendChain, startChainer, verifyChain, chainHash, canonicalEventBytes, GENESIS_HASH, type ChainVerdict, type Chainer } from './chain.js';
