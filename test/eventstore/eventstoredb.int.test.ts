// The same contract suite against EventStoreDB / KurrentDB: against EVENTSTORE_URL when set,
// else in a container started with testcontainers when a Docker engine answers, else skipped
// with the reason (these development machines have no Docker engine).
import { describe, it } from 'vitest';
import { EventStoreDbEventStore } from '@titleledger/api/eventstore';
import { eventStoreContract } from './contract.js';

const IMAGE = 'docker.kurrent.io/kurrent-latest/kurrentdb:25.0';

type Server = { url: string; stop(): Promise<void> } | { skip: string };

async function eventStoreDb(): Promise<Server> {
  const given = process.env.EVENTSTORE_URL;
  if (given) return { url: given, stop: async () => undefined };
  try {
    const { GenericContainer, Wait, getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    const container = await new GenericContainer(IMAGE)
      .withEnvironment({ KURRENTDB_INSECURE: 'true', KURRENTDB_RUN_PROJECTIONS: 'None', KURRENTDB_CLUSTER_SIZE: '1' })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
      .start();
    return {
      url: `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
      stop: async () => {
        await container.stop();
      },
    };
  } catch (error) {
    return { skip: `EVENTSTORE_URL is not set and no Docker engine answered (${(error as Error).message.split('\n')[0]})` };
  }
}

const server = await eventStoreDb();

if ('url' in server) {
  eventStoreContract('eventstoredb', async () => {
    const store = new EventStoreDbEventStore(server.url);
    return {
      store,
      close: async () => {
        await store.close();
        await server.stop();
      },
    };
  });
} else {
  describe('event store contract: eventstoredb', () => {
    it.skip(`skipped: ${server.skip}`, () => {});
  });
}
