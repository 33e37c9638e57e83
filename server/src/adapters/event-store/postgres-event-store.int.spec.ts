import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../db/database';
import { describeEachDatabase, testDatabases } from '../db/test-databases';
import { events, eventStoreContract, waitFor } from './event-store.contract';
import { WrongExpectedRevisionError, type RecordedEvent } from '../../application/ports/event-store';
import { PostgresEventStore } from './postgres-event-store';

for (const database of testDatabases()) {
  eventStoreContract(`postgres adapter on ${database.name}`, async () => {
    const db = await database.open();
    const store = new PostgresEventStore(db, { closeDatabase: true });
    return { store, close: () => store.close() };
  });
}

describeEachDatabase('PostgresEventStore', (database) => {
  let db: Database;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await database.open();
    store = new PostgresEventStore(db);
    await store.init();
  });

  afterAll(async () => {
    await store.close();
    await db.close();
  });

  it('reports which database it runs on', () => {
    expect(store.kind).toBe(database.name);
  });

  it('two stores starting at once both initialise the schema', async () => {
    const other = new PostgresEventStore(db);
    await Promise.all([store.init(), other.init(), store.init()]);
    await expect(other.ping()).resolves.toBeUndefined();
  });

  it('a retried append returns the original result, whatever the expected revision kind', async () => {
    const s = `player-${randomUUID()}`;
    const first = events(2);
    const original = await store.appendToStream(s, first, { expectedRevision: 'any' });
    await store.appendToStream(s, events(1), { expectedRevision: 'stream_exists' });
    expect(await store.appendToStream(s, first, { expectedRevision: 'any' })).toEqual(original);

    const more = events(2);
    const appended = await store.appendToStream(s, more, { expectedRevision: 'stream_exists' });
    expect(await store.appendToStream(s, more, { expectedRevision: 'stream_exists' })).toEqual(appended);
    expect(await store.appendToStream(s, more, { expectedRevision: 2 })).toEqual(appended);
    expect((await store.readStream(s)).map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
  });

  it('concurrent appends with expected revision any all land, each batch contiguous', async () => {
    const s = `player-${randomUUID()}`;
    const batches = Array.from({ length: 10 }, (_, i) => events((i % 3) + 1));
    const results = await Promise.all(batches.map((batch) => store.appendToStream(s, batch, { expectedRevision: 'any' })));
    const stored = await store.readStream(s);
    expect(stored.map((e) => e.revision)).toEqual(stored.map((_, i) => i));
    batches.forEach((batch, i) => {
      const last = results[i]!.nextExpectedRevision;
      expect(stored.slice(last - batch.length + 1, last + 1).map((e) => e.id)).toEqual(batch.map((e) => e.id));
    });
  });

  it('refuses the same event id twice in one append', async () => {
    const [a] = events(1);
    await expect(store.appendToStream(`player-${randomUUID()}`, [a!, a!])).rejects.toThrow('appears twice in one append');
  });

  it('a retry that claims a different expected revision is a conflict', async () => {
    const s = `player-${randomUUID()}`;
    const batch = events(1);
    await store.appendToStream(s, events(1), { expectedRevision: 'no_stream' });
    await store.appendToStream(s, batch, { expectedRevision: 0 });
    await expect(store.appendToStream(s, batch, { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await expect(store.appendToStream(s, batch, { expectedRevision: 5 })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
  });

  it('repeating events out of their original order is a conflict, and nothing is written', async () => {
    const s = `player-${randomUUID()}`;
    const [a, b] = events(2);
    await store.appendToStream(s, [a!, b!], { expectedRevision: 'no_stream' });
    const error = await store.appendToStream(s, [b!, a!], { expectedRevision: 'any' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongExpectedRevisionError);
    expect((error as Error).message).toMatch(/already stored/);
    const partial = await store.appendToStream(s, [b!, ...events(1)], { expectedRevision: 'any' }).catch((e: unknown) => e);
    expect(partial).toBeInstanceOf(WrongExpectedRevisionError);
    expect(await store.readStream(s)).toHaveLength(2);
  });

  it('an event id stored in another stream is refused with a clear message', async () => {
    const [a] = events(1);
    const s1 = `player-${randomUUID()}`;
    const s2 = `player-${randomUUID()}`;
    await store.appendToStream(s1, [a!], { expectedRevision: 'no_stream' });
    await expect(store.appendToStream(s2, [a!], { expectedRevision: 'any' })).rejects.toThrow(
      `event id ${a!.id} is already stored in stream ${s1}`,
    );
    expect(await store.readStream(s2)).toEqual([]);
    await expect(store.appendToStream(s2, events(1), { expectedRevision: 'no_stream' })).resolves.toMatchObject({ nextExpectedRevision: 0 });
  });

  it('rejects malformed input with clear messages', async () => {
    const s = `player-${randomUUID()}`;
    await expect(store.appendToStream(s, [])).rejects.toThrow('no events to append');
    await expect(store.appendToStream(s, [{ ...events(1)[0]!, id: 'nope' }])).rejects.toThrow('is not a UUID');
    await expect(store.appendToStream(s, events(1), { expectedRevision: -1 })).rejects.toThrow('non-negative integer');
    await expect(store.readAll({ after: 'garbage' })).rejects.toThrow('Not a PostgreSQL event-store checkpoint');
  });

  it('a subscriber that throws is stopped, reported, and resumes from its own checkpoint', async () => {
    const start = await store.headCheckpoint();
    const s = `player-${randomUUID()}`;
    await store.appendToStream(s, events(3), { expectedRevision: 'no_stream' });
    const delivered: RecordedEvent[] = [];
    const errors: unknown[] = [];
    const failing = store.subscribeToAll({
      after: start,
      // The head checkpoint stops short of transactions still open anywhere on the server, so
      // events of earlier tests may come first: only this stream's events count here.
      onEvent: (event) => {
        if (event.streamId !== s) return;
        if (event.revision === 1) throw new Error('projection failed');
        delivered.push(event);
      },
      onError: (error) => errors.push(error),
    });
    await waitFor(() => errors.length === 1);
    await failing.stop();
    expect(delivered.map((e) => e.revision)).toEqual([0]);

    const resumed: number[] = [];
    const again = store.subscribeToAll({ after: delivered[0]!.checkpoint, onEvent: (e) => void (e.streamId === s && resumed.push(e.revision)) });
    await waitFor(() => resumed.length === 2);
    await again.stop();
    expect(resumed).toEqual([1, 2]);
  });

  it('a subscription typically sees events appended by another store on the same database well under 100 ms', async () => {
    const writer = new PostgresEventStore(db);
    const start = await store.headCheckpoint();
    const lags: number[] = [];
    let appendedAt = 0;
    const mine = Array.from({ length: 5 }, () => `player-${randomUUID()}`);
    const subscription = store.subscribeToAll({
      after: start,
      onEvent: (e) => void (mine.includes(e.streamId) && lags.push(Date.now() - appendedAt)),
    });
    try {
      for (let i = 0; i < 5; i++) {
        await new Promise((resolve) => setTimeout(resolve, 30));
        appendedAt = Date.now();
        await writer.appendToStream(mine[i]!, events(1));
        await waitFor(() => lags.length === i + 1, 2000);
      }
    } finally {
      await subscription.stop();
    }
    // The median: on a shared server another session's open transaction may hold one delivery back.
    expect([...lags].sort((x, y) => x - y)[2]).toBeLessThan(100);
  });

  it('orders the log by transaction id as a number, also where it gains a digit', async () => {
    // A fresh PGlite starts near transaction 750, so 300 appends cross 999 → 1000.
    const fresh = await database.open();
    const own = new PostgresEventStore(fresh, { closeDatabase: true });
    try {
      await own.init();
      const s = `player-${randomUUID()}`;
      const written = events(300);
      for (const [i, event] of written.entries()) await own.appendToStream(s, [event], { expectedRevision: i === 0 ? 'no_stream' : i - 1 });
      // On a shared server the log may hold new events back while another session's transaction is open.
      let log: RecordedEvent[] = [];
      for (const deadline = Date.now() + 15_000; log.length < 300 && Date.now() < deadline; ) {
        log = (await own.readAll({ maxCount: 1000 })).events;
        if (log.length < 300) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(log.map((e) => e.id)).toEqual(written.map((e) => e.id));
      expect(await own.headCheckpoint()).toBe(log.at(-1)!.checkpoint);
    } finally {
      await own.close();
    }
  });

  it('stores int8 columns as JavaScript numbers', async () => {
    const s = `player-${randomUUID()}`;
    const { nextExpectedRevision } = await store.appendToStream(s, events(2));
    expect(typeof nextExpectedRevision).toBe('number');
    const [event] = await store.readStream(s);
    expect(typeof event!.revision).toBe('number');
  });

  if (database.name === 'postgres') {
    it('a subscriber never skips or repeats an event when transactions commit out of order', async () => {
      const start = await store.headCheckpoint();
      const seen: RecordedEvent[] = [];
      const subscription = store.subscribeToAll({ after: start, onEvent: (e) => void seen.push(e) });
      const positionOf = (checkpoint: string): number => Number(checkpoint.split(':')[1]);

      let commitHeld!: () => void;
      const held = new Promise<void>((resolve) => (commitHeld = resolve));
      let heldAppended!: (checkpoint: string) => void;
      const heldCheckpoint = new Promise<string>((resolve) => (heldAppended = resolve));
      const heldStream = `player-${randomUUID()}`;

      // Appends (and takes its global position) first, commits last.
      const slow = db.kysely.transaction().execute(async (trx) => {
        const { rows } = await sql<{ last_checkpoint: string }>`
          select last_checkpoint from es_append(${heldStream}, 'no_stream', ${JSON.stringify(events(2))}::jsonb)`.execute(trx);
        heldAppended(rows[0]!.last_checkpoint);
        await held;
      });
      const slowCheckpoint = await heldCheckpoint;

      const fastStreams = Array.from({ length: 8 }, () => `player-${randomUUID()}`);
      const fast = await Promise.all(fastStreams.map((s) => store.appendToStream(s, events(2), { expectedRevision: 'no_stream' })));
      // The later transactions really did take higher positions and are already committed...
      for (const r of fast) expect(positionOf(r.checkpoint)).toBeGreaterThan(positionOf(slowCheckpoint));
      expect(await store.readStream(fastStreams[0]!)).toHaveLength(2);
      // ...but nothing behind the open transaction is handed out yet, so no checkpoint can pass it.
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(seen.filter((e) => fastStreams.includes(e.streamId) || e.streamId === heldStream)).toEqual([]);

      commitHeld();
      await slow;
      const after = await Promise.all(fastStreams.map((s) => store.appendToStream(s, events(1), { expectedRevision: 1 })));
      expect(after).toHaveLength(8);

      const ours = (e: RecordedEvent): boolean => e.streamId === heldStream || fastStreams.includes(e.streamId);
      await waitFor(() => seen.filter(ours).length === 2 + 8 * 3);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await subscription.stop();

      const delivered = seen.filter(ours);
      expect(delivered).toHaveLength(26);
      expect(new Set(delivered.map((e) => e.id)).size).toBe(26);
      // The same order as a fresh reader of the log gets: consistent for every subscriber.
      const fresh = (await store.readAll({ after: start, maxCount: 10_000 })).events.filter(ours);
      expect(delivered.map((e) => e.id)).toEqual(fresh.map((e) => e.id));
      // Checkpoints only ever move forward.
      const keys = delivered.map((e) => e.checkpoint.split(':').map(BigInt) as [bigint, bigint]);
      for (let i = 1; i < keys.length; i++) {
        const [x0, p0] = keys[i - 1]!;
        const [x1, p1] = keys[i]!;
        expect(x1 > x0 || (x1 === x0 && p1 > p0)).toBe(true);
      }
    });
  }
});

describeEachDatabase('PostgresEventStore group commit', (database) => {
  let db: Database;
  let store: PostgresEventStore;
  const txOf = (checkpoint: string): string => checkpoint.split(':')[0]!;
  /** Starts one append, so the ones started in the same tick wait and go together after it. */
  const behindOne = async (): Promise<Promise<unknown>> => {
    const s = `player-${randomUUID()}`;
    return store.appendToStream(s, events(1), { expectedRevision: 'no_stream' });
  };

  beforeAll(async () => {
    db = await database.open();
    store = new PostgresEventStore(db, { appendsInFlight: 1 });
    await store.init();
  });

  afterAll(async () => {
    await store.close();
    await db.close();
  });

  it('appends that arrive while one is on its way are written together, each with its own result', async () => {
    const streams = Array.from({ length: 6 }, () => `player-${randomUUID()}`);
    const batches = streams.map((_, i) => events((i % 3) + 1));
    const first = behindOne();
    const results = await Promise.all(streams.map((s, i) => store.appendToStream(s, batches[i]!, { expectedRevision: 'no_stream' })));
    await first;
    // One transaction for the group: the same transaction id in every checkpoint.
    expect(new Set(results.map((r) => txOf(r.checkpoint)))).toHaveProperty('size', 1);
    for (const [i, s] of streams.entries()) {
      const stored = await store.readStream(s);
      expect(stored.map((e) => e.id)).toEqual(batches[i]!.map((e) => e.id));
      expect(results[i]).toEqual({ nextExpectedRevision: batches[i]!.length - 1, checkpoint: stored.at(-1)!.checkpoint });
    }
  });

  it('an append of a group that fails writes nothing and takes none of the others with it', async () => {
    const [moved, condition, owner, fine1, fine2] = Array.from({ length: 5 }, () => `player-${randomUUID()}`);
    await store.appendToStream(moved!, events(2), { expectedRevision: 'no_stream' });
    await store.appendToStream(condition!, events(1), { expectedRevision: 'no_stream' });
    const [taken] = events(1);
    await store.appendToStream(owner!, [taken!], { expectedRevision: 'no_stream' });

    const first = behindOne();
    const outcomes = await Promise.allSettled([
      store.appendToStream(fine1!, events(2), { expectedRevision: 'no_stream' }),
      store.appendToStream(moved!, events(1), { expectedRevision: 0 }),
      store.appendToStream(`player-${randomUUID()}`, events(1), { expectedRevision: 'no_stream', condition: { streamId: condition!, revision: 'no_stream' } }),
      store.appendToStream(`player-${randomUUID()}`, [taken!], { expectedRevision: 'no_stream' }),
      store.appendToStream(fine2!, events(1), { expectedRevision: 'no_stream', condition: { streamId: condition!, revision: 0 } }),
    ]);
    await first;
    const [ok1, wrongRevision, conditionMoved, duplicate, ok2] = outcomes;
    expect(ok1).toMatchObject({ status: 'fulfilled', value: { nextExpectedRevision: 1 } });
    expect(ok2).toMatchObject({ status: 'fulfilled', value: { nextExpectedRevision: 0 } });
    expect(wrongRevision.status === 'rejected' && wrongRevision.reason).toBeInstanceOf(WrongExpectedRevisionError);
    expect(wrongRevision.status === 'rejected' && (wrongRevision.reason as WrongExpectedRevisionError).actual).toBe(1);
    expect(conditionMoved.status === 'rejected' && conditionMoved.reason).toBeInstanceOf(WrongExpectedRevisionError);
    expect(conditionMoved.status === 'rejected' && (conditionMoved.reason as WrongExpectedRevisionError).streamId).toBe(condition);
    expect(duplicate.status === 'rejected' && String(duplicate.reason)).toContain(`is already stored in stream ${owner}`);
    expect(await store.readStream(moved!)).toHaveLength(2);
    expect(await store.readStream(fine1!)).toHaveLength(2);
    expect(await store.readStream(fine2!)).toHaveLength(1);
  });

  it('two appends of a group at the same revision of one stream: one is written, the other is a conflict', async () => {
    const s = `player-${randomUUID()}`;
    await store.appendToStream(s, events(1), { expectedRevision: 'no_stream' });
    const first = behindOne();
    const outcomes = await Promise.allSettled([store.appendToStream(s, events(2), { expectedRevision: 0 }), store.appendToStream(s, events(1), { expectedRevision: 0 })]);
    await first;
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = outcomes.find((o) => o.status === 'rejected')!;
    expect(rejected.reason).toBeInstanceOf(WrongExpectedRevisionError);
    const stored = await store.readStream(s);
    expect(stored.length === 3 || stored.length === 2).toBe(true);
    expect(stored.map((e) => e.revision)).toEqual(stored.map((_, i) => i));
  });

  it('a retried append inside a group returns its original result, and "any" appends racing in a group all land', async () => {
    const s = `player-${randomUUID()}`;
    const batch = events(2);
    const original = await store.appendToStream(s, batch, { expectedRevision: 'no_stream' });
    const first = behindOne();
    const [retried, ...raced] = await Promise.all([
      store.appendToStream(s, batch, { expectedRevision: 'no_stream' }),
      ...Array.from({ length: 4 }, () => store.appendToStream(s, events(1), { expectedRevision: 'any' })),
    ]);
    await first;
    expect(retried).toEqual(original);
    expect(raced.map((r) => r.nextExpectedRevision).sort()).toEqual([2, 3, 4, 5]);
    expect((await store.readStream(s)).map((e) => e.revision)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('PostgresEventStore on a persistent PGlite directory', () => {
  it('keeps events across a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bahati-es-'));
    try {
      const s = `player-${randomUUID()}`;
      const first = await openDatabase({ dataDir: join(dir, 'db') });
      const store = new PostgresEventStore(first, { closeDatabase: true });
      await store.init();
      const written = await store.appendToStream(s, events(2), { expectedRevision: 'no_stream' });
      await store.close();

      const second = await openDatabase({ dataDir: join(dir, 'db') });
      const reopened = new PostgresEventStore(second, { closeDatabase: true });
      await reopened.init();
      expect(await reopened.headCheckpoint()).toBe(written.checkpoint);
      expect(await reopened.readStream(s)).toHaveLength(2);
      await reopened.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
