// The same contract suite against EventStoreDB / KurrentDB. No Docker engine runs here, so it
// needs EVENTSTORE_URL (docker compose up eventstore; EVENTSTORE_URL=esdb://localhost:2113?tls=false).
import { describe, it } from 'vitest';
import { EventStoreDbEventStore } from '@titleledger/api/eventstore';
import { eventStoreContract } from './contract.js';

const url = process.env.EVENTSTORE_URL;

if (url) {
  eventStoreContract('eventstoredb', async () => {
    const store = new EventStoreDbEventStore(url);
    return { store, close: () => store.close() };
  });
} else {
  describe('event store contract: eventstoredb', () => {
    it.skip('skipped: EVENTSTORE_URL is not set and no Docker engine is available to start EventStoreDB', () => {});
  });
}
