// The in-memory stand-in for EventStoreDB (test/support/memory-event-store.ts) passes the same
// contract suite as the real adapters, so the app tests that run over it test the app, not the fake.
import { MemoryEventStore } from '../support/memory-event-store.js';
import { eventStoreContract } from './contract.js';

eventStoreContract('in memory, as EventStoreDB behaves', () => Promise.resolve({ store: new MemoryEventStore(), close: () => Promise.resolve() }));
