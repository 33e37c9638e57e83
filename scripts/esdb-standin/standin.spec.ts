/**
 * The stand-in speaks EventStoreDB's protocol with EventStoreDB's semantics: every check goes through
 * the real `@eventstore/db-client` over gRPC, and the last block drives the EventStoreDB event-store
 * adapter through it.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  MaxAppendSizeExceededError,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type JSONEventData,
  type JSONEventType,
  type Position,
  type ResolvedEvent,
} from '@eventstore/db-client';
import { EventStoreDbEventStore } from '../../server/src/adapters/event-store/eventstoredb-event-store';
import type { RecordedEvent } from '../../server/src/application/ports/event-store';
import { startStandin, type Standin } from './server';

const stream = (category = 'player') => `${category}-${randomUUID()}`;
const events = (count: number, type = 'SomethingHappened'): JSONEventData[] =>
  Array.from({ length: count }, (_, i) => jsonEvent({ id: randomUUID(), type, data: { i }, metadata: { correlationId: 'spec' } }));

async function collect<T>(read: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of read) all.push(item);
  return all;
}

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function refusal(promise: Promise<unknown>): Promise<WrongExpectedVersionError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WrongExpectedVersionError);
  return error as WrongExpectedVersionError;
}

const cmp = (a: Position, b: Position) => (a.commit === b.commit ? (a.prepare < b.prepare ? -1 : a.prepare > b.prepare ? 1 : 0) : a.commit < b.commit ? -1 : 1);

describe.each([
  { appends: 'BatchAppend', batchAppend: true },
  { appends: 'Append', batchAppend: false },
])('the EventStoreDB stand-in, appending through $appends', ({ appends, batchAppend }) => {
  let standin: Standin;
  let client: EventStoreDBClient;

  beforeAll(async () => {
    standin = await startStandin({ batchAppend, maxAppendSize: 64 * 1024 });
    client = EventStoreDBClient.connectionString(standin.url);
  });

  afterAll(async () => {
    await client.dispose();
    await standin.close();
  });

  it(`is asked for its features, and the client appends through ${appends}`, async () => {
    await client.appendToStream(stream(), events(1));
    expect(standin.served.features).toBe(1);
    expect(standin.served[batchAppend ? 'batchAppend' : 'append']).toBeGreaterThan(0);
    expect(standin.served[batchAppend ? 'append' : 'batchAppend']).toBe(0);
  });

  describe('expected revisions', () => {
    it('no_stream creates a stream once; a second no_stream is refused with the current revision', async () => {
      const s = stream();
      const created = await client.appendToStream(s, events(2), { expectedRevision: NO_STREAM });
      expect(created).toMatchObject({ success: true, nextExpectedRevision: 1n });
      const error = await refusal(client.appendToStream(s, events(1), { expectedRevision: NO_STREAM }));
      expect(error).toMatchObject({ streamName: s, expectedVersion: NO_STREAM, actualVersion: 1n });
    });

    it('stream_exists needs the stream; the refusal says there is none', async () => {
      const s = stream();
      const error = await refusal(client.appendToStream(s, events(1), { expectedRevision: STREAM_EXISTS }));
      expect(error).toMatchObject({ expectedVersion: STREAM_EXISTS, actualVersion: NO_STREAM });
      await client.appendToStream(s, events(1), { expectedRevision: NO_STREAM });
      expect(await client.appendToStream(s, events(2), { expectedRevision: STREAM_EXISTS })).toMatchObject({ nextExpectedRevision: 2n });
    });

    it('an exact revision must be the last one: stale and future revisions are refused, nothing written', async () => {
      const s = stream();
      await client.appendToStream(s, events(3), { expectedRevision: NO_STREAM });
      expect(await client.appendToStream(s, events(1), { expectedRevision: 2n })).toMatchObject({ nextExpectedRevision: 3n });
      expect(await refusal(client.appendToStream(s, events(2), { expectedRevision: 2n }))).toMatchObject({ expectedVersion: 2n, actualVersion: 3n });
      expect(await refusal(client.appendToStream(s, events(2), { expectedRevision: 9n }))).toMatchObject({ expectedVersion: 9n, actualVersion: 3n });
      expect(await refusal(client.appendToStream(stream(), events(1), { expectedRevision: 0n }))).toMatchObject({ actualVersion: NO_STREAM });
      expect(await collect(client.readStream(s))).toHaveLength(4);
    });

    it('any appends to a new or an existing stream', async () => {
      const s = stream();
      expect(await client.appendToStream(s, events(1), { expectedRevision: ANY })).toMatchObject({ nextExpectedRevision: 0n });
      expect(await client.appendToStream(s, events(2))).toMatchObject({ nextExpectedRevision: 2n });
    });

    it('of concurrent appends expecting the same revision exactly one wins', async () => {
      const s = stream();
      await client.appendToStream(s, events(1), { expectedRevision: NO_STREAM });
      const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => client.appendToStream(s, events(2), { expectedRevision: 0n })));
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(WrongExpectedVersionError);
      expect((await collect(client.readStream(s))).map((e) => e.event!.revision)).toEqual([0n, 1n, 2n]);
    });
  });

  describe('idempotent re-appends', () => {
    it('repeating an append (same ids, same expected revision) answers the original revision and position', async () => {
      const s = stream();
      const batch = events(3);
      const first = await client.appendToStream(s, batch, { expectedRevision: NO_STREAM });
      await client.appendToStream(s, events(1), { expectedRevision: 2n });
      expect(await client.appendToStream(s, batch, { expectedRevision: NO_STREAM })).toEqual(first);
      expect(await client.appendToStream(s, batch, { expectedRevision: ANY })).toEqual(first);
      expect(await client.appendToStream(s, batch, { expectedRevision: STREAM_EXISTS })).toEqual(first);
      expect(await collect(client.readStream(s))).toHaveLength(4);
    });

    it('repeating only part of an append, or the events at another revision, is refused', async () => {
      const s = stream();
      const [a, b] = events(2);
      await client.appendToStream(s, [a!], { expectedRevision: NO_STREAM });
      await refusal(client.appendToStream(s, [a!, b!], { expectedRevision: NO_STREAM }));
      await refusal(client.appendToStream(s, [a!, b!], { expectedRevision: ANY }));
      await refusal(client.appendToStream(s, [b!, a!], { expectedRevision: NO_STREAM }));
      expect((await collect(client.readStream(s))).map((e) => e.event!.id)).toEqual([a!.id]);
    });

    it('with any, an append whose first id is new is a new append (EventStoreDB decides on the first id)', async () => {
      const s = stream();
      const [a] = events(1);
      await client.appendToStream(s, [a!]);
      const [fresh] = events(1);
      expect(await client.appendToStream(s, [fresh!, a!], { expectedRevision: ANY })).toMatchObject({ nextExpectedRevision: 2n });
      expect((await collect(client.readStream(s))).map((e) => e.event!.id)).toEqual([a!.id, fresh!.id, a!.id]);
    });
  });

  describe('reading a stream', () => {
    it('forwards and backwards from a revision, at most maxCount, with the envelope as written', async () => {
      const s = stream();
      const written = [...events(4), jsonEvent({ id: randomUUID(), type: 'Named', data: { name: 'Ñandú 🃏', sats: 1 }, metadata: { correlationId: 'c', userId: 'u' } })];
      const before = Date.now();
      await client.appendToStream(s, written, { expectedRevision: NO_STREAM });
      const revisions = async (options: Parameters<EventStoreDBClient['readStream']>[1]) =>
        (await collect(client.readStream(s, options))).map((e) => Number(e.event!.revision));
      expect(await revisions({})).toEqual([0, 1, 2, 3, 4]);
      expect(await revisions({ fromRevision: 2n })).toEqual([2, 3, 4]);
      expect(await revisions({ fromRevision: 1n, maxCount: 2 })).toEqual([1, 2]);
      expect(await revisions({ direction: BACKWARDS, fromRevision: END })).toEqual([4, 3, 2, 1, 0]);
      expect(await revisions({ direction: BACKWARDS, fromRevision: 2n })).toEqual([2, 1, 0]);
      expect(await revisions({ direction: BACKWARDS, fromRevision: END, maxCount: 1 })).toEqual([4]);
      expect(await revisions({ fromRevision: 9n })).toEqual([]);
      expect(await revisions({ fromRevision: END })).toEqual([]);

      const [last] = await collect(client.readStream<JSONEventType>(s, { direction: BACKWARDS, fromRevision: END, maxCount: 1 }));
      expect(last!.event).toMatchObject({ streamId: s, id: written[4]!.id, type: 'Named', revision: 4n, isJson: true, data: { name: 'Ñandú 🃏', sats: 1 }, metadata: { correlationId: 'c', userId: 'u' } });
      expect(last!.event!.created.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(last!.event!.position!.commit).toBe(last!.event!.position!.prepare);
    });

    it('answers stream-not-found for a stream that does not exist', async () => {
      await expect(collect(client.readStream(stream()))).rejects.toBeInstanceOf(StreamNotFoundError);
      await expect(collect(client.readStream(stream(), { direction: BACKWARDS, fromRevision: END }))).rejects.toBeInstanceOf(StreamNotFoundError);
    });
  });

  describe('$all', () => {
    it('holds every append in commit order, each contiguous, with positions (commit = prepare) that only grow and are not consecutive', async () => {
      const [head] = await collect(client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 }));
      const streams = Array.from({ length: 6 }, () => stream());
      const results = await Promise.all(streams.map((s) => client.appendToStream(s, events(3), { expectedRevision: NO_STREAM })));
      const ours = (await collect(client.readAll({ fromPosition: head!.event!.position! }))).filter((e) => streams.includes(e.event!.streamId));
      expect(ours).toHaveLength(18);
      for (let i = 0; i < 18; i += 3) expect(new Set(ours.slice(i, i + 3).map((e) => e.event!.streamId)).size).toBe(1);
      const positions = ours.map((e) => e.event!.position!);
      for (const [i, p] of positions.entries()) {
        expect(p.commit).toBe(p.prepare);
        if (i > 0) expect(p.commit - positions[i - 1]!.commit).toBeGreaterThan(1n);
      }
      // Acknowledged order is log order, and an append answers its last event's position.
      const acknowledged = [...results].sort((a, b) => cmp(a.position!, b.position!));
      expect(acknowledged.map((r) => r.position)).toEqual(positions.filter((_, i) => i % 3 === 2));
    });

    it('reads forwards from a position including the event at it, backwards excluding it', async () => {
      const s = stream();
      await client.appendToStream(s, events(3), { expectedRevision: NO_STREAM });
      const inStream = await collect(client.readStream(s));
      const middle = inStream[1]!.event!.position!;
      const forwards = await collect(client.readAll({ fromPosition: middle, maxCount: 2 }));
      expect(forwards.map((e) => e.event!.id)).toEqual(inStream.slice(1).map((e) => e.event!.id));
      const backwards = await collect(client.readAll({ fromPosition: middle, direction: BACKWARDS, maxCount: 1 }));
      expect(backwards.map((e) => e.event!.id)).toEqual([inStream[0]!.event!.id]);
    });

    it("includes EventStoreDB's own records, with types and streams starting with $", async () => {
      const first = await collect(client.readAll({ fromPosition: START, maxCount: 1 }));
      expect(first[0]!.event).toMatchObject({ streamId: '$epoch-information', type: '$epoch-information' });
      expect(first[0]!.event!.position).toEqual({ commit: 0n, prepare: 0n });
    });
  });

  describe('catch-up subscription to $all', () => {
    it('delivers what follows a position (not the event at it), then live events, and stops when the client unsubscribes', async () => {
      const s = stream();
      await client.appendToStream(s, events(3), { expectedRevision: NO_STREAM });
      const [, second] = await collect(client.readStream(s));
      const seen: ResolvedEvent[] = [];
      let caughtUp = false;
      const subscription = client.subscribeToAll({ fromPosition: second!.event!.position!, filter: excludeSystemEvents() });
      subscription.on('caughtUp', () => (caughtUp = true));
      subscription.on('data', (e: AllStreamResolvedEvent) => void (e.event!.streamId === s && seen.push(e)));
      await waitFor(() => seen.length === 1 && caughtUp);
      await client.appendToStream(s, events(2), { expectedRevision: 2n });
      standin.log.writeSystem('$stats-spec', '$statsCollected', {});
      await waitFor(() => seen.length === 3);
      expect(seen.map((e) => Number(e.event!.revision))).toEqual([2, 3, 4]);
      const reads = standin.openReads();
      expect(reads).toBeGreaterThan(0);
      await subscription.unsubscribe();
      await waitFor(() => standin.openReads() === reads - 1);
    });

    it('filters out system events with excludeSystemEvents()', async () => {
      const types: string[] = [];
      const subscription = client.subscribeToAll({ fromPosition: START, filter: excludeSystemEvents() });
      let caughtUp = false;
      subscription.on('caughtUp', () => (caughtUp = true));
      subscription.on('data', (e: AllStreamResolvedEvent) => void types.push(e.event!.type));
      await waitFor(() => caughtUp);
      await subscription.unsubscribe();
      expect(types.length).toBeGreaterThan(10);
      expect(types.filter((t) => t.startsWith('$'))).toEqual([]);
    });
  });

  it('refuses an append beyond the maximum append size', async () => {
    const big = jsonEvent({ id: randomUUID(), type: 'Big', data: { blob: 'x'.repeat(70 * 1024) } });
    await expect(client.appendToStream(stream(), [big])).rejects.toBeInstanceOf(MaxAppendSizeExceededError);
  });
});

describe('the EventStoreDB stand-in as a node', () => {
  it('answers gossip as a single leader, so a discovery connection string works', async () => {
    const standin = await startStandin();
    const client = EventStoreDBClient.connectionString(`esdb+discover://127.0.0.1:${standin.port}?tls=false`);
    try {
      await client.appendToStream(stream(), events(1));
      expect(standin.served.gossip).toBeGreaterThan(0);
    } finally {
      await client.dispose();
      await standin.close();
    }
  });

  it('keeps its log in the data directory across a restart; positions keep growing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'esdb-standin-'));
    try {
      const s = stream();
      const first = await startStandin({ dataDir: dir });
      let client = EventStoreDBClient.connectionString(first.url);
      const written = await client.appendToStream(s, events(2), { expectedRevision: NO_STREAM });
      await client.dispose();
      await first.close();

      const second = await startStandin({ dataDir: dir });
      client = EventStoreDBClient.connectionString(second.url);
      try {
        expect((await collect(client.readStream(s))).map((e) => e.event!.revision)).toEqual([0n, 1n]);
        const next = await client.appendToStream(s, events(1), { expectedRevision: 1n });
        expect(next.position!.commit).toBeGreaterThan(written.position!.commit);
        const epochs = (await collect(client.readStream('$epoch-information'))).length;
        expect(epochs).toBe(2);
      } finally {
        await client.dispose();
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the EventStoreDB event-store adapter over the stand-in', () => {
  let standin: Standin;
  let store: EventStoreDbEventStore;
  const appended = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ id: randomUUID(), type: 'SomethingHappened', data: { i }, metadata: { correlationId: 'spec' } }));

  beforeAll(async () => {
    standin = await startStandin();
    store = new EventStoreDbEventStore(standin.url, { retryDelayMs: 50 });
    await store.init();
  });

  afterAll(async () => {
    await store.close();
    await standin.close();
  });

  it('skips system records in readAll and headCheckpoint, and reads every page to its end', async () => {
    // A read the client stops consuming stays open (and holds up close) until the connection goes.
    const reader = new EventStoreDbEventStore(standin.url);
    const start = await reader.headCheckpoint();
    const s = stream();
    for (let i = 0; i < 5; i++) {
      await store.appendToStream(s, appended(30));
      standin.log.writeSystem('$stats-spec', '$statsCollected', { i });
    }
    const last = (await reader.readStream(s, { direction: 'backwards', maxCount: 1 }))[0]!;
    expect(await reader.headCheckpoint()).toBe(last.checkpoint);
    let after = start;
    const read: RecordedEvent[] = [];
    for (;;) {
      const page = await reader.readAll({ after, maxCount: 7 });
      if (page.events.length === 0) break;
      read.push(...page.events);
      after = page.checkpoint;
    }
    expect(read.map((e) => e.revision)).toEqual(Array.from({ length: 150 }, (_, i) => i));
    const closed = await Promise.race([reader.close().then(() => 'closed'), new Promise((resolve) => setTimeout(() => resolve('still open'), 3000))]);
    expect(closed).toBe('closed');
    await waitFor(() => standin.openReads() === 0);
  });

  it('polling a quiet log reads only what was added since, however many system records follow the last event', async () => {
    const s = stream();
    await store.appendToStream(s, appended(1));
    const [last] = await store.readStream(s);
    // Statistics every 30 s: five hours without a player.
    for (let i = 0; i < 600; i++) standin.log.writeSystem('$stats-spec', '$statsCollected', { i });

    const fresh = new EventStoreDbEventStore(standin.url);
    try {
      expect(await fresh.headCheckpoint()).toBe(last!.checkpoint);
      expect((await fresh.readAll({ after: last!.checkpoint, maxCount: 2000 })).events).toEqual([]);
      const before = standin.served.events;
      for (let poll = 0; poll < 10; poll++) {
        expect((await fresh.readAll({ after: last!.checkpoint, maxCount: 2000 })).events).toEqual([]);
        expect(await fresh.headCheckpoint()).toBe(last!.checkpoint);
      }
      expect(standin.served.events - before).toBeLessThan(10 * (2 + 16));
      standin.log.writeSystem('$stats-spec', '$statsCollected', {});
      await store.appendToStream(s, appended(1));
      const page = await fresh.readAll({ after: last!.checkpoint, maxCount: 2000 });
      expect(page.events.map((e) => e.revision)).toEqual([1]);
      expect(await fresh.headCheckpoint()).toBe(page.checkpoint);
    } finally {
      await fresh.close();
    }
  });

  it('resubscribes from the last delivered event when the server drops the subscription: nothing lost, nothing twice', async () => {
    const start = await store.headCheckpoint();
    const s = stream();
    const seen: number[] = [];
    const errors: unknown[] = [];
    const subscription = store.subscribeToAll({
      after: start,
      onEvent: (e) => void (e.streamId === s && seen.push(e.revision)),
      onError: (e) => errors.push(e),
    });
    try {
      await store.appendToStream(s, appended(3));
      await waitFor(() => seen.length === 3);
      standin.dropSubscriptions();
      await store.appendToStream(s, appended(3));
      await waitFor(() => seen.length === 6);
      expect(errors.length).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(seen).toEqual([0, 1, 2, 3, 4, 5]);
    } finally {
      await subscription.stop();
    }
  });
});
