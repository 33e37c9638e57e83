import { describe, expect, it } from '@jest/globals';
import { InMemoryEventStore } from '../application/in-memory-event-store.test-support';
import type { Checkpoint, EventStore } from '../application/ports/event-store';
import { registered } from './registered.test-support';
import { SharedReads } from './shared-reads';

async function storeOf(events: number): Promise<InMemoryEventStore> {
  const store = new InMemoryEventStore();
  for (let i = 1; i <= events; i++) await store.appendToStream(`player-${i}`, [registered(i)], { expectedRevision: 'no_stream' });
  return store;
}

/** Every event after `after`, read in steps of `size`, as ids. */
async function readAll(store: EventStore, after: Checkpoint | null, size: number): Promise<string[]> {
  const ids: string[] = [];
  for (;;) {
    const { events, checkpoint } = await store.readAll({ after, maxCount: size });
    if (events.length === 0) return ids;
    ids.push(...events.map((e) => e.id));
    after = checkpoint;
  }
}

describe('one read of the log for two subscriptions', () => {
  it('serves the follower what the store would give it, from what the leader read', async () => {
    const store = await storeOf(50);
    const shared = new SharedReads(store);
    const leader = await readAll(shared.leader, null, 7);
    expect(await readAll(shared.follower, null, 20)).toEqual(leader);
    expect(leader).toEqual(store.all.map((e) => e.id));
    // The leader's reads of 7 joined three at a time (21 for 20 asked: a read ends where one of the leader's ended),
    // and a last read of its own that finds nothing new.
    expect(shared.served).toEqual({ shared: 3, own: 1 });
  });

  it('joins a read of its own to the kept reads where one starts, and is served from there on', async () => {
    const store = await storeOf(40);
    const shared = new SharedReads(store);
    const head = store.all[9]!.checkpoint;
    await readAll(shared.leader, head, 10);
    // The follower starts before anything the leader read: its own read goes up to where the leader's first read
    // started, and the rest of its batch is the leader's reads from there (10 + 10 + 10 for 25 asked).
    const first = await shared.follower.readAll({ after: null, maxCount: 25 });
    expect(first.events.map((e) => e.id)).toEqual(store.all.slice(0, 30).map((e) => e.id));
    expect(first.checkpoint).toBe(store.all[29]!.checkpoint);
    expect(await readAll(shared.follower, first.checkpoint, 25)).toEqual(store.all.slice(30).map((e) => e.id));
    expect(shared.served).toEqual({ shared: 1, own: 2 });
  });

  it('keeps only the newest reads, and a follower behind them reads the store itself', async () => {
    const store = await storeOf(30);
    const shared = new SharedReads(store, 10);
    await readAll(shared.leader, null, 5);
    expect(await readAll(shared.follower, null, 8)).toEqual(store.all.map((e) => e.id));
    expect(shared.served.own).toBeGreaterThan(1);
    expect(shared.served.shared).toBeGreaterThan(0);
  });

  it('reads past what the leader has read when the log holds more: a hurried step reaches the head', async () => {
    const store = await storeOf(20);
    const shared = new SharedReads(store);
    await shared.leader.readAll({ after: null, maxCount: 10 });
    const read = await shared.follower.readAll({ after: null, maxCount: 50 });
    expect(read.events.map((e) => e.id)).toEqual(store.all.map((e) => e.id));
    expect(read.checkpoint).toBe(await store.headCheckpoint());
  });

  it('answers everything but reads of the log as the store does', async () => {
    const store = await storeOf(3);
    const shared = new SharedReads(store);
    expect(await shared.follower.headCheckpoint()).toBe(await store.headCheckpoint());
    expect((await shared.leader.readStream('player-2')).map((e) => e.id)).toEqual([store.all[1]!.id]);
    expect(shared.follower.kind).toBe(store.kind);
  });
});
