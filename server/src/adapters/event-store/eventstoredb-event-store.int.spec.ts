import { describe, expect, it } from '@jest/globals';
import { eventStoreContract } from './event-store.contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

const url = process.env.EVENTSTORE_URL;
if (url) {
  eventStoreContract('eventstoredb', async () => {
    const store = new EventStoreDbEventStore(url);
    return { store, close: () => store.close() };
  });
}

describe('EventStoreDbEventStore without a server', () => {
  it('ping and init fail with the connection error, and close still works', async () => {
    const store = new EventStoreDbEventStore('esdb://127.0.0.1:1?tls=false', { pingDeadlineMs: 2000 });
    await expect(store.ping()).rejects.toThrow(/UNAVAILABLE|ECONNREFUSED/);
    await expect(store.init()).rejects.toThrow(/UNAVAILABLE|ECONNREFUSED/);
    await store.close();
  });
});
