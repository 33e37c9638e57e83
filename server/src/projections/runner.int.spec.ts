import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { type Kysely, sql } from 'kysely';
import { describeEachDatabase } from '../adapters/db/test-databases';
import type { Database } from '../adapters/db/database';
import { InMemoryEventStore } from '../application/in-memory-event-store.test-support';
import type { RecordedEvent } from '../application/ports/event-store';
import { writeAsJson } from './batch';
import { migrateReadModels } from './migrations';
import { registered } from './registered.test-support';
import { playersProjection } from './players/players.projection';
import type { Projection } from './projection';
import { ProjectionRunner, batchMemory } from './runner';
import type { ReadModels } from './schema';

const numberOf = (event: RecordedEvent) => Number((event.data as { email: string }).email.replace(/\D/g, ''));

/** Deliberately not idempotent: counts how many times events were applied, to catch double delivery. */
const counting = (fail?: (n: number) => boolean): Projection => ({
  name: 'counting',
  version: 1,
  handles: ['PlayerRegistered'],
  tables: ['event_counts' as keyof ReadModels & string],
  async applyBatch(trx, events) {
    for (const event of events) {
      const n = numberOf(event);
      if (fail?.(n)) throw new Error(`projection failed on event ${n}`);
      await sql`insert into event_counts (n, times) values (${n}, 1) on conflict (n) do update set times = event_counts.times + 1`.execute(trx);
    }
  },
});

/** Sums the players' numbers into one row, remembering the sum between batches instead of reading it back. */
const summing = (reads: { count: number }, fail?: (n: number) => boolean): Projection => ({
  name: 'summing',
  version: 1,
  handles: ['PlayerRegistered'],
  tables: ['totals' as keyof ReadModels & string],
  async applyBatch(trx, events, memory) {
    const added = events.reduce((sum, e) => sum + numberOf(e), 0);
    let total = memory.get<number>('total');
    if (total === undefined && memory.complete) total = 0;
    if (total === undefined) {
      reads.count++;
      total = (await sql<{ total: number }>`select total from totals where k = 'all'`.execute(trx)).rows[0]?.total ?? 0;
    }
    memory.set('total', total + added);
    if (fail?.(total + added)) throw new Error(`failed at ${total + added}`);
    await sql`insert into totals (k, total) values ('all', ${total + added}) on conflict (k) do update set total = excluded.total`.execute(trx);
  },
});

async function playersTable(db: Kysely<ReadModels>) {
  return db.selectFrom('players').selectAll().orderBy('id').execute();
}

describeEachDatabase('projection runner', (testDb) => {
  let database: Database;
  let db: Kysely<ReadModels>;
  let store: InMemoryEventStore;

  beforeEach(async () => {
    database = await testDb.open();
    db = database.kysely as Kysely<ReadModels>;
    await migrateReadModels(db, database.schema);
    await sql`create table event_counts (n int primary key, times int not null)`.execute(db);
    await sql`create table totals (k text primary key, total int not null)`.execute(db);
    store = new InMemoryEventStore();
    for (let i = 1; i <= 5; i++) await store.appendToStream(`player-${i}`, [registered(i)], { expectedRevision: 'no_stream' });
  });
  afterEach(() => database.close());

  /** The sum the summing projections keep. */
  const total = async () => (await sql<{ total: number }>`select total from totals`.execute(db)).rows[0]?.total;
  /** Registers players `from` to `to` (the store holds 1 to 5 to begin with). */
  const register = async (from: number, to: number) => {
    for (let i = from; i <= to; i++) await store.appendToStream(`player-${i}`, [registered(i)], { expectedRevision: 'no_stream' });
  };

  it('builds the read model and moves the checkpoint to the last event', async () => {
    const runner = new ProjectionRunner(db, store, [playersProjection], { batchSize: 2 });
    await runner.init();
    expect(await runner.catchUp()).toBe(5);
    expect(await playersTable(db)).toHaveLength(5);
    const [lag] = await runner.lag();
    expect(lag).toMatchObject({ name: 'players', pendingEvents: 0, lagMs: 0 });
    const row = await db.selectFrom('projection_checkpoints').selectAll().where('name', '=', 'players').executeTakeFirstOrThrow();
    expect(row.checkpoint).toBe(await store.headCheckpoint());
  });

  it('reports the lag as of when the checkpoints were known, not counting its own read of the log', async () => {
    let clock = 0;
    // A log whose read takes five seconds of the clock, as on a database busy with other work.
    const slowLog = Object.assign(Object.create(store) as InMemoryEventStore, {
      readAll: async (options: Parameters<InMemoryEventStore['readAll']>[0]) => {
        clock += 5000;
        return store.readAll(options);
      },
    });
    const runner = new ProjectionRunner(db, slowLog, [playersProjection], { now: () => clock });
    await runner.init();
    const [oldest] = (await store.readAll({ maxCount: 1 })).events;
    clock = Date.parse(oldest!.createdAt) + 300;
    const [lag] = await runner.lag();
    expect(lag).toMatchObject({ name: 'players', pendingEvents: 5, lagMs: 300 });
  });

  it('handles the same event twice without changing the result', async () => {
    const runner = new ProjectionRunner(db, store, [playersProjection]);
    await runner.init();
    await runner.catchUp();
    const before = await playersTable(db);
    await db.transaction().execute((trx) => playersProjection.applyBatch(trx, store.all, batchMemory(new Map(), new Map())));
    expect(await playersTable(db)).toEqual(before);
  });

  it('commits a batch and its checkpoint together: a failure leaves neither behind', async () => {
    const runner = new ProjectionRunner(db, store, [counting((n) => n === 4)], { batchSize: 10 });
    await runner.init();
    await expect(runner.catchUp()).rejects.toThrow(/event 4/);
    expect((await sql<{ c: number }>`select count(*)::int as c from event_counts`.execute(db)).rows[0]!.c).toBe(0);
    const row = await db.selectFrom('projection_checkpoints').select('checkpoint').where('name', '=', 'counting').executeTakeFirstOrThrow();
    expect(row.checkpoint).toBeNull();
  });

  it('applies each event exactly once when two runners race over the same projection', async () => {
    const a = new ProjectionRunner(db, store, [counting()], { batchSize: 1 });
    const b = new ProjectionRunner(db, store, [counting()], { batchSize: 1 });
    await a.init();
    await b.init();
    await Promise.all([a.catchUp(), b.catchUp(), a.catchUp(), b.catchUp()]);
    const counts = (await sql<{ n: number; times: number }>`select n, times from event_counts order by n`.execute(db)).rows;
    expect(counts).toEqual([1, 2, 3, 4, 5].map((n) => ({ n, times: 1 })));
  });

  it('applies each event exactly once when two runners race, a batch sent as one statement with the checkpoints', async () => {
    // Counts through held writes only, so each batch is one statement outside a transaction.
    const countingHeld: Projection = {
      ...counting(),
      writesHeld: true,
      async applyBatch(trx, events) {
        const text = `insert into event_counts (n, times) select n, 1 from json_to_recordset($1::json) as v(n int)
                        on conflict (n) do update set times = event_counts.times + 1`;
        await writeAsJson(trx, text, events.map((e) => ({ n: numberOf(e) })));
      },
    };
    const a = new ProjectionRunner(db, store, [countingHeld], { batchSize: 1 });
    const b = new ProjectionRunner(db, store, [countingHeld], { batchSize: 2 });
    await a.init();
    await b.init();
    await Promise.all([a.catchUp(), b.catchUp(), a.catchUp(), b.catchUp()]);
    const counts = (await sql<{ n: number; times: number }>`select n, times from event_counts order by n`.execute(db)).rows;
    expect(counts).toEqual([1, 2, 3, 4, 5].map((n) => ({ n, times: 1 })));
    const row = await db.selectFrom('projection_checkpoints').select('checkpoint').where('name', '=', 'counting').executeTakeFirstOrThrow();
    expect(row.checkpoint).toBe(await store.headCheckpoint());
  });

  it('refuses a write of its own from a projection that declares its writes held, and writes nothing of the batch', async () => {
    const runner = new ProjectionRunner(db, store, [{ ...counting(), writesHeld: true }], { batchSize: 10 });
    await runner.init();
    await expect(runner.catchUp()).rejects.toThrow(/declares writesHeld wrote on its own/);
    expect((await sql<{ c: number }>`select count(*)::int as c from event_counts`.execute(db)).rows[0]!.c).toBe(0);
    const row = await db.selectFrom('projection_checkpoints').select('checkpoint').where('name', '=', 'counting').executeTakeFirstOrThrow();
    expect(row.checkpoint).toBeNull();
  });

  it('lets a projection remember its rows between batches, and forget them when another runner wrote or a batch failed', async () => {
    const reads = { count: 0 };
    const a = new ProjectionRunner(db, store, [summing(reads)], { batchSize: 2 });
    await a.init();
    await a.catchUp();
    expect(await total()).toBe(15);
    expect(reads.count).toBe(1); // three batches, one read

    // Another runner moves the table on; the first must not add to what it remembers.
    const b = new ProjectionRunner(db, store, [summing({ count: 0 })], { batchSize: 2 });
    await b.init();
    await store.appendToStream('player-6', [registered(6)], { expectedRevision: 'no_stream' });
    await b.catchUp();
    await store.appendToStream('player-7', [registered(7)], { expectedRevision: 'no_stream' });
    await a.catchUp();
    expect(await total()).toBe(28);

    // A failed batch leaves nothing behind, in the table or in memory.
    let failures = 0;
    const flaky = new ProjectionRunner(db, store, [summing({ count: 0 }, (sum) => sum === 36 && failures++ === 0)], { batchSize: 1 });
    await flaky.init();
    await flaky.catchUp();
    await store.appendToStream('player-8', [registered(8)], { expectedRevision: 'no_stream' });
    await expect(flaky.catchUp()).rejects.toThrow(/failed at 36/);
    expect(await total()).toBe(28);
    await flaky.catchUp();
    expect(await total()).toBe(36);
    await a.catchUp();
    expect(await total()).toBe(36);
  });

  it('forgets what it remembered when it learns, reporting the lag, that another process applied the events in between', async () => {
    // An API instance: its runner is not started, but it catches up itself when a reader must see a write.
    const api = new ProjectionRunner(db, store, [summing({ count: 0 })], { batchSize: 2 });
    await api.init();
    await api.catchUp();
    const elsewhere = new ProjectionRunner(db, store, [summing({ count: 0 })], { batchSize: 2 });
    await elsewhere.init();
    await store.appendToStream('player-6', [registered(6)], { expectedRevision: 'no_stream' });
    await elsewhere.catchUp();
    expect(await total()).toBe(21);
    // The health check's lag moves the instance's checkpoints up to where the projections process left them.
    expect((await api.lag())[0]).toMatchObject({ pendingEvents: 0 });
    await store.appendToStream('player-7', [registered(7)], { expectedRevision: 'no_stream' });
    await api.catchUp();
    expect(await total()).toBe(28);
  });

  it('keeps what a step recalled when a concurrent step of the same runner fails and makes it forget', async () => {
    // Keeps its sum in memory only between batches (as the hands keep a hand in play), recalled from the table when forgotten.
    let recalls = 0;
    const released: (() => void)[] = [];
    const gate = (n: number) => new Promise<void>((resolve) => (released[n] = resolve));
    let fourthRecall: () => void = () => undefined;
    const fourth = new Promise<void>((resolve) => (fourthRecall = resolve));
    const inMemory: Projection = {
      name: 'summing',
      version: 1,
      handles: ['PlayerRegistered'],
      tables: ['totals' as keyof ReadModels & string],
      async recall(kysely, _events, memory) {
        const call = ++recalls;
        // The second step (from the first checkpoint) waits; the third, from the next checkpoint, lets it fail meanwhile.
        if (call === 2) await gate(2);
        if (call === 3) {
          released[2]!();
          await fourth;
        }
        if (call === 4) fourthRecall();
        if (memory.get('total') === undefined) {
          memory.set('total', (await sql<{ total: number }>`select total from totals where k = 'all'`.execute(kysely)).rows[0]?.total ?? 0);
        }
      },
      async applyBatch(trx, events, memory) {
        const total = (memory.get<number>('total') ?? 0) + events.reduce((sum, e) => sum + numberOf(e), 0);
        memory.set('total', total);
        await sql`insert into totals (k, total) values ('all', ${total}) on conflict (k) do update set total = excluded.total`.execute(trx);
      },
    };
    // An API instance: readers waiting for their writes make it catch up, several at once.
    const api = new ProjectionRunner(db, store, [inMemory], { batchSize: 1 });
    await api.init();
    await Promise.all([api.catchUp(), api.catchUp()]);
    expect((await sql<{ total: number }>`select total from totals`.execute(db)).rows[0]?.total).toBe(15);
  });

  it('reports the lag of projections another process runs', async () => {
    const api = new ProjectionRunner(db, store, [playersProjection]);
    await api.init();
    expect((await api.lag())[0]).toMatchObject({ pendingEvents: 5 });
    const elsewhere = new ProjectionRunner(db, store, [playersProjection]);
    await elsewhere.init();
    await elsewhere.catchUp();
    expect((await api.lag())[0]).toMatchObject({ pendingEvents: 0, lagMs: 0, checkpoint: await store.headCheckpoint() });
  });

  it('rebuilds to identical tables', async () => {
    const runner = new ProjectionRunner(db, store, [playersProjection]);
    await runner.init();
    await runner.catchUp();
    const before = await playersTable(db);
    expect(await runner.rebuild('players')).toBe(5);
    expect(await playersTable(db)).toEqual(before);
  });

  it('rebuilds each batch while the one before it is written, a fold that reads waiting for it', async () => {
    // Reads its total back at every batch: ahead of a batch not yet written, that read would find the total before it.
    const reading: Projection = {
      name: 'summing',
      version: 1,
      handles: ['PlayerRegistered'],
      tables: ['totals' as keyof ReadModels & string],
      async applyBatch(trx, events) {
        const before = (await sql<{ total: number }>`select total from totals where k = 'all'`.execute(trx)).rows[0]?.total ?? 0;
        const after = before + events.reduce((sum, e) => sum + numberOf(e), 0);
        await sql`insert into totals (k, total) values ('all', ${after}) on conflict (k) do update set total = excluded.total`.execute(trx);
      },
    };
    await register(6, 40);
    const runner = new ProjectionRunner(db, store, [reading, counting()], { batchSize: 3 });
    await runner.init();
    expect(await runner.rebuild()).toBe(40);
    expect(await total()).toBe(820);
    const counts = (await sql<{ times: number }>`select times from event_counts`.execute(db)).rows;
    expect(counts).toHaveLength(40);
    expect(counts.every((r) => r.times === 1)).toBe(true);
    const checkpoints = await db.selectFrom('projection_checkpoints').select('checkpoint').execute();
    expect(new Set(checkpoints.map((r) => r.checkpoint))).toEqual(new Set([await store.headCheckpoint()]));
  });

  it('reads nothing back while it rebuilds, until someone else writes the tables', async () => {
    const reads = { count: 0 };
    const runner = new ProjectionRunner(db, store, [summing(reads)], { batchSize: 2 });
    await runner.init();
    await runner.catchUp();
    expect(reads.count).toBe(1);
    // Emptied by the runner itself: a total it does not remember is not stored.
    expect(await runner.rebuild()).toBe(5);
    expect(reads.count).toBe(1);
    expect(await total()).toBe(15);
    // Another runner moves the table on: the first reads it back again.
    const other = new ProjectionRunner(db, store, [summing({ count: 0 })], { batchSize: 2 });
    await other.init();
    await store.appendToStream('player-6', [registered(6)], { expectedRevision: 'no_stream' });
    await other.catchUp();
    await store.appendToStream('player-7', [registered(7)], { expectedRevision: 'no_stream' });
    await runner.catchUp();
    expect(reads.count).toBe(2);
    expect(await total()).toBe(28);
  });

  it('applies each event exactly once when a rebuild races another runner', async () => {
    await register(6, 30);
    const rebuilding = new ProjectionRunner(db, store, [counting()], { batchSize: 2 });
    const live = new ProjectionRunner(db, store, [counting()], { batchSize: 3 });
    await rebuilding.init();
    await live.init();
    await Promise.all([rebuilding.rebuild(), live.catchUp(), live.catchUp()]);
    await live.catchUp();
    const counts = (await sql<{ n: number; times: number }>`select n, times from event_counts order by n`.execute(db)).rows;
    expect(counts).toEqual(Array.from({ length: 30 }, (_, i) => ({ n: i + 1, times: 1 })));
  });

  it('leaves a rebuild that failed at a batch as the batches before it left the tables, and finishes it on the next catch-up', async () => {
    await register(6, 12);
    let failures = 0;
    // Batches of two: 1+2, +3+4 (10), +5+6 (21), +7+8 (36) fails once.
    const runner = new ProjectionRunner(db, store, [summing({ count: 0 }, (sum) => sum === 36 && failures++ === 0)], { batchSize: 2 });
    await runner.init();
    await expect(runner.rebuild()).rejects.toThrow(/failed at 36/);
    expect(await total()).toBe(21);
    await runner.catchUp();
    expect(await total()).toBe(78);
  });

  it('rebuilds from the first event when the projection version changes', async () => {
    const v1 = new ProjectionRunner(db, store, [counting()]);
    await v1.init();
    await v1.catchUp();
    const v2 = new ProjectionRunner(db, store, [{ ...counting(), version: 2 }]);
    // In place, as `npm run projections:rebuild` does (the server builds a new version beside: upgrade.int.spec.ts).
    await v2.init({ upgradeBeside: false });
    expect((await sql<{ c: number }>`select count(*)::int as c from event_counts`.execute(db)).rows[0]!.c).toBe(0);
    await v2.catchUp();
    const counts = (await sql<{ times: number }>`select times from event_counts`.execute(db)).rows;
    expect(counts.every((r) => r.times === 1)).toBe(true);
    expect(counts).toHaveLength(5);
  });

  it('runs live: new events reach the read model, and waitFor returns once they have', async () => {
    const runner = new ProjectionRunner(db, store, [playersProjection], { idleMs: 10 });
    await runner.init();
    runner.start();
    try {
      const result = await store.appendToStream('player-6', [registered(6)], { expectedRevision: 'no_stream' });
      runner.notify();
      expect(await runner.waitFor(result.checkpoint, 5000)).toBe(true);
      expect(await playersTable(db)).toHaveLength(6);
    } finally {
      await runner.stop();
    }
  });
});
