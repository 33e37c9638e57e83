/**
 * The behaviour every EventStore adapter must have. Each adapter's `*.int.spec.ts` calls
 * `eventStoreContract(name, factory)`. The tests share one store per suite and never assume an
 * empty log (an EventStoreDB server cannot be reset): every test writes to fresh streams and reads
 * the global log from the head it saw before writing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  compareCheckpoints,
  WrongExpectedRevisionError,
  type Checkpoint,
  type EventData,
  type EventStore,
  type RecordedEvent,
} from '../../application/ports/event-store';

export interface EventStoreFixture {
  store: EventStore;
  /** Closes the store and whatever the factory opened for it. */
  close(): Promise<void>;
}

export function eventStoreContract(name: string, factory: () => Promise<EventStoreFixture>): void {
  describe(`EventStore contract: ${name}`, () => {
    let fixture: EventStoreFixture;
    let store: EventStore;

    beforeAll(async () => {
      fixture = await factory();
      store = fixture.store;
      await store.init();
    });

    afterAll(async () => {
      await fixture?.close();
    });

    const stream = (category = 'player'): string => `${category}-${randomUUID()}`;

    /**
     * Our streams' events in the global log after `after`, read page by page until at least `expected`
     * of them are visible: the log may hold back new events while another writer's transaction is open.
     */
    async function readOurs(after: Checkpoint | null, streams: string[], expected = 1): Promise<RecordedEvent[]> {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const events: RecordedEvent[] = [];
        let checkpoint = after;
        for (;;) {
          const page = await store.readAll({ after: checkpoint, maxCount: 100 });
          events.push(...page.events.filter((e) => streams.includes(e.streamId)));
          if (page.events.length === 0) break;
          checkpoint = page.checkpoint;
        }
        if (events.length >= expected || Date.now() > deadline) return events;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }

    async function expectConflict(promise: Promise<unknown>, actual: number | 'no_stream'): Promise<void> {
      const error = await promise.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect((error as WrongExpectedRevisionError).actual).toBe(actual);
    }

    it('init is idempotent and ping answers', async () => {
      await store.init();
      await expect(store.ping()).resolves.toBeUndefined();
    });

    describe('append with an expected revision', () => {
      it('creates a stream with no_stream and returns the revision to expect next', async () => {
        const s = stream();
        const result = await store.appendToStream(s, events(3), { expectedRevision: 'no_stream' });
        expect(result.nextExpectedRevision).toBe(2);
        expect(typeof result.checkpoint).toBe('string');
        const read = await store.readStream(s);
        expect(read.map((e) => e.revision)).toEqual([0, 1, 2]);
        expect(read.at(-1)?.checkpoint).toBe(result.checkpoint);
      });

      it('appends at the exact revision and rejects a stale or future one', async () => {
        const s = stream();
        await store.appendToStream(s, events(2), { expectedRevision: 'no_stream' });
        const result = await store.appendToStream(s, events(1), { expectedRevision: 1 });
        expect(result.nextExpectedRevision).toBe(2);
        await expectConflict(store.appendToStream(s, events(1), { expectedRevision: 1 }), 2);
        await expectConflict(store.appendToStream(s, events(1), { expectedRevision: 5 }), 2);
        expect(await store.readStream(s)).toHaveLength(3);
      });

      it('rejects no_stream when the stream exists', async () => {
        const s = stream();
        await store.appendToStream(s, events(1), { expectedRevision: 'no_stream' });
        await expectConflict(store.appendToStream(s, events(1), { expectedRevision: 'no_stream' }), 0);
      });

      it('rejects stream_exists and an exact revision when the stream does not exist', async () => {
        const s = stream();
        await expectConflict(store.appendToStream(s, events(1), { expectedRevision: 'stream_exists' }), 'no_stream');
        await expectConflict(store.appendToStream(s, events(1), { expectedRevision: 0 }), 'no_stream');
        expect(await store.readStream(s)).toEqual([]);
      });

      it('accepts stream_exists on an existing stream', async () => {
        const s = stream();
        await store.appendToStream(s, events(1), { expectedRevision: 'no_stream' });
        const result = await store.appendToStream(s, events(2), { expectedRevision: 'stream_exists' });
        expect(result.nextExpectedRevision).toBe(2);
      });

      it('accepts any on a new and on an existing stream (the default)', async () => {
        const s = stream();
        expect((await store.appendToStream(s, events(1), { expectedRevision: 'any' })).nextExpectedRevision).toBe(0);
        expect((await store.appendToStream(s, events(2))).nextExpectedRevision).toBe(2);
      });

      it('writes all events of a rejected batch or none of them', async () => {
        const s = stream();
        await store.appendToStream(s, events(1), { expectedRevision: 'no_stream' });
        await expectConflict(store.appendToStream(s, events(3), { expectedRevision: 3 }), 0);
        expect(await store.readStream(s)).toHaveLength(1);
      });

      it('lets exactly one of several concurrent appends with the same expected revision win', async () => {
        const s = stream();
        await store.appendToStream(s, events(1), { expectedRevision: 'no_stream' });
        const outcomes = await Promise.allSettled(
          Array.from({ length: 6 }, () => store.appendToStream(s, events(2), { expectedRevision: 0 })),
        );
        const won = outcomes.filter((o) => o.status === 'fulfilled');
        const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
        expect(won).toHaveLength(1);
        for (const o of lost) expect(o.reason).toBeInstanceOf(WrongExpectedRevisionError);
        expect((await store.readStream(s)).map((e) => e.revision)).toEqual([0, 1, 2]);
      });
    });

    describe('append on condition that another stream has not moved', () => {
      it('appends while the other stream is at the revision given, and refuses naming that stream once it moved', async () => {
        const account = stream('account');
        const player = stream();
        await expect(store.appendToStream(account, events(1), { expectedRevision: 'no_stream', condition: { streamId: player, revision: 'no_stream' } })).resolves.toMatchObject({ nextExpectedRevision: 0 });
        await store.appendToStream(player, events(2), { expectedRevision: 'no_stream' });
        await expect(store.appendToStream(account, events(1), { expectedRevision: 0, condition: { streamId: player, revision: 1 } })).resolves.toMatchObject({ nextExpectedRevision: 1 });

        await store.appendToStream(player, events(1), { expectedRevision: 1 });
        const refused = await store.appendToStream(account, events(2), { expectedRevision: 1, condition: { streamId: player, revision: 1 } }).catch((e: unknown) => e);
        expect(refused).toBeInstanceOf(WrongExpectedRevisionError);
        expect(refused).toMatchObject({ streamId: player, expected: 1, actual: 2 });
        const gone = await store.appendToStream(account, events(1), { expectedRevision: 1, condition: { streamId: stream(), revision: 0 } }).catch((e: unknown) => e);
        expect(gone).toMatchObject({ actual: 'no_stream' });
        expect(await store.readStream(account)).toHaveLength(2);
      });

      it('still checks the expected revision of the stream written', async () => {
        const account = stream('account');
        const player = stream();
        await store.appendToStream(player, events(1), { expectedRevision: 'no_stream' });
        await store.appendToStream(account, events(1), { expectedRevision: 'no_stream' });
        const refused = await store.appendToStream(account, events(1), { expectedRevision: 5, condition: { streamId: player, revision: 0 } }).catch((e: unknown) => e);
        expect(refused).toMatchObject({ streamId: account, actual: 0 });
      });
    });

    describe('idempotent append by event id', () => {
      it('a retried append succeeds without writing the events twice', async () => {
        const s = stream();
        const first = events(2);
        const original = await store.appendToStream(s, first, { expectedRevision: 'no_stream' });
        const retried = await store.appendToStream(s, first, { expectedRevision: 'no_stream' });
        expect(retried.nextExpectedRevision).toBe(original.nextExpectedRevision);

        const second = events(1);
        const appended = await store.appendToStream(s, second, { expectedRevision: 1 });
        const third = events(1);
        await store.appendToStream(s, third, { expectedRevision: 2 }); // someone else wrote since
        const again = await store.appendToStream(s, second, { expectedRevision: 1 });
        expect(again.nextExpectedRevision).toBe(appended.nextExpectedRevision);
        expect((await store.readStream(s)).map((e) => e.id)).toEqual([...first, ...second, ...third].map((e) => e.id));
      });

      it('rejects a batch that repeats only some earlier events, writing none of it', async () => {
        const s = stream();
        const [a, b] = events(2);
        await store.appendToStream(s, [a!], { expectedRevision: 'no_stream' });
        await expect(store.appendToStream(s, [a!, b!], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        expect((await store.readStream(s)).map((e) => e.id)).toEqual([a!.id]);
      });
    });

    describe('reading a stream', () => {
      it('reads forwards and backwards from a revision, at most maxCount events', async () => {
        const s = stream();
        const written = events(5);
        await store.appendToStream(s, written, { expectedRevision: 'no_stream' });
        const ids = written.map((e) => e.id);

        expect((await store.readStream(s)).map((e) => e.id)).toEqual(ids);
        expect((await store.readStream(s, { fromRevision: 2 })).map((e) => e.revision)).toEqual([2, 3, 4]);
        expect((await store.readStream(s, { fromRevision: 1, maxCount: 2 })).map((e) => e.revision)).toEqual([1, 2]);
        expect((await store.readStream(s, { direction: 'backwards' })).map((e) => e.id)).toEqual([...ids].reverse());
        expect((await store.readStream(s, { direction: 'backwards', maxCount: 2 })).map((e) => e.revision)).toEqual([4, 3]);
        expect((await store.readStream(s, { direction: 'backwards', fromRevision: 2 })).map((e) => e.revision)).toEqual([2, 1, 0]);
        expect(await store.readStream(s, { fromRevision: 9 })).toEqual([]);
      });

      it('reads an unknown stream as empty', async () => {
        const s = stream();
        expect(await store.readStream(s)).toEqual([]);
        expect(await store.readStream(s, { direction: 'backwards' })).toEqual([]);
      });
    });

    describe('the global log', () => {
      it('reads every stream in commit order and continues after a checkpoint', async () => {
        const start = await store.headCheckpoint();
        const a = stream('player');
        const b = stream('account');
        const batches: Array<[string, EventData[]]> = [
          [a, events(2)],
          [b, events(1)],
          [a, events(3)],
        ];
        for (const [s, batch] of batches) await store.appendToStream(s, batch);
        const expectedIds = batches.flatMap(([, batch]) => batch.map((e) => e.id));

        const all = await readOurs(start, [a, b], expectedIds.length);
        expect(all.map((e) => e.id)).toEqual(expectedIds);
        expect(new Set(all.map((e) => e.checkpoint)).size).toBe(all.length);

        const rest = await readOurs(all[2]!.checkpoint, [a, b], 3);
        expect(rest.map((e) => e.id)).toEqual(expectedIds.slice(3));

        const page = await store.readAll({ after: all[1]!.checkpoint, maxCount: 1 });
        expect(page.events.map((e) => e.id)).toEqual([expectedIds[2]]);
        expect(page.checkpoint).toBe(all[2]!.checkpoint);

        const head = await store.headCheckpoint();
        expect(compareCheckpoints(head, all.at(-1)!.checkpoint)).toBeGreaterThanOrEqual(0);
        const nothing = await store.readAll({ after: head });
        expect(nothing.events.filter((e) => [a, b].includes(e.streamId))).toEqual([]);
      });

      it('keeps the events of one append together even when appends run concurrently', async () => {
        const start = await store.headCheckpoint();
        const streams = Array.from({ length: 6 }, () => stream());
        const batches = streams.map((s) => [s, events(3)] as const);
        await Promise.all(batches.map(([s, batch]) => store.appendToStream(s, [...batch], { expectedRevision: 'no_stream' })));
        const all = await readOurs(start, streams, 18);
        expect(all).toHaveLength(18);
        for (let i = 0; i < all.length; i += 3) {
          const group = all.slice(i, i + 3);
          expect(new Set(group.map((e) => e.streamId)).size).toBe(1);
          expect(group.map((e) => e.revision)).toEqual([0, 1, 2]);
        }
      });
    });

    describe('catch-up subscription', () => {
      it('delivers history, then live events, each exactly once and in order, until stopped', async () => {
        const start = await store.headCheckpoint();
        const s = stream();
        const history = events(3);
        await store.appendToStream(s, history, { expectedRevision: 'no_stream' });

        const seen: RecordedEvent[] = [];
        const subscription = store.subscribeToAll({
          after: start,
          onEvent: async (event) => {
            if (event.streamId !== s) return;
            await new Promise((resolve) => setTimeout(resolve, 1)); // the next delivery waits for this one
            seen.push(event);
          },
        });
        try {
          await waitFor(() => seen.length >= 3);
          const live = events(2);
          await store.appendToStream(s, live.slice(0, 1), { expectedRevision: 2 });
          await store.appendToStream(s, live.slice(1), { expectedRevision: 3 });
          await waitFor(() => seen.length >= 5);
          expect(seen.map((e) => e.id)).toEqual([...history, ...live].map((e) => e.id));
          expect(seen.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
        } finally {
          await subscription.stop();
        }

        await store.appendToStream(s, events(1), { expectedRevision: 4 });
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(seen).toHaveLength(5);
      });

      it('resumes after a checkpoint without repeating what was delivered', async () => {
        const s = stream();
        const written = events(4);
        await store.appendToStream(s, written, { expectedRevision: 'no_stream' });
        const [, second] = await store.readStream(s);

        const seen: string[] = [];
        const subscription = store.subscribeToAll({
          after: second!.checkpoint,
          onEvent: (event) => {
            if (event.streamId === s) seen.push(event.id);
          },
        });
        try {
          await waitFor(() => seen.length >= 2);
          await new Promise((resolve) => setTimeout(resolve, 100));
          expect(seen).toEqual(written.slice(2).map((e) => e.id));
        } finally {
          await subscription.stop();
        }
      });
    });

    it('round-trips the event envelope', async () => {
      const start = await store.headCheckpoint();
      const s = stream();
      const before = Date.now();
      const event: EventData = {
        id: randomUUID(),
        // No domain type: on an EventStoreDB log the application's projections read this event too.
        type: 'EnvelopeChecked',
        data: { playerId: s.slice('player-'.length), email: 'amani@example.com', name: 'Amani Ñandú 🃏', bonusSats: 50_000, tags: ['a', 'b'], nested: { ok: true, none: null } },
        metadata: { correlationId: randomUUID(), causationId: randomUUID(), userId: 'player-42', ip: '203.0.113.7' },
      };
      await store.appendToStream(s, [event], { expectedRevision: 'no_stream' });

      const fromStream = (await store.readStream(s))[0]!;
      const fromAll = (await readOurs(start, [s]))[0]!;
      let fromSubscription: RecordedEvent | undefined;
      const subscription = store.subscribeToAll({
        after: start,
        onEvent: (e) => {
          if (e.streamId === s) fromSubscription = e;
        },
      });
      try {
        await waitFor(() => fromSubscription !== undefined);
      } finally {
        await subscription.stop();
      }

      for (const recorded of [fromStream, fromAll, fromSubscription!]) {
        expect(recorded).toEqual({
          ...event,
          streamId: s,
          revision: 0,
          checkpoint: fromStream.checkpoint,
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
        });
        const created = Date.parse(recorded.createdAt);
        expect(created).toBeGreaterThanOrEqual(before - 60_000);
        expect(created).toBeLessThanOrEqual(Date.now() + 60_000);
      }
    });
  });
}

export function events(count: number, type = 'SomethingHappened'): EventData[] {
  const correlationId = randomUUID();
  return Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    type,
    data: { index: i, sats: 1000 * (i + 1) },
    metadata: { correlationId, causationId: correlationId, userId: 'system:test' },
  }));
}

export async function waitFor(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
