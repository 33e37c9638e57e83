import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { type Kysely, sql } from 'kysely';
import { describeEachDatabase } from '../adapters/db/test-databases';
import type { Database } from '../adapters/db/database';
import { InMemoryEventStore } from '../application/in-memory-event-store.test-support';
import { migrateReadModels } from './migrations';
import { registered } from './registered.test-support';
import { playersProjection } from './players/players.projection';
import type { Projection } from './projection';
import type { ReadModels } from './schema';
import { ProjectionTiers } from './tiers';

/** An analytic read model: how many players registered, and in how many steps it was told. */
const registrations: Projection = {
  name: 'registrations',
  version: 1,
  tier: 'analytic',
  handles: ['PlayerRegistered'],
  tables: ['registrations' as keyof ReadModels & string],
  async applyBatch(trx, events) {
    await sql`insert into registrations (k, players, steps) values ('all', ${events.length}, 1)
      on conflict (k) do update set players = registrations.players + excluded.players, steps = registrations.steps + 1`.execute(trx);
  },
};

describeEachDatabase('projection tiers', (testDb) => {
  let database: Database;
  let db: Kysely<ReadModels>;
  let store: InMemoryEventStore;
  let tiers: ProjectionTiers;

  const counted = async () => (await sql<{ players: number; steps: number }>`select players, steps from registrations`.execute(db)).rows[0];
  const players = async () => (await db.selectFrom('players').select('id').execute()).length;

  beforeEach(async () => {
    database = await testDb.open();
    db = database.kysely as Kysely<ReadModels>;
    await migrateReadModels(db, database.schema);
    await sql`create table registrations (k text primary key, players int not null, steps int not null)`.execute(db);
    store = new InMemoryEventStore();
    for (let i = 1; i <= 5; i++) await store.appendToStream(`player-${i}`, [registered(i)], { expectedRevision: 'no_stream' });
  });
  afterEach(async () => {
    await tiers?.stop();
    await database.close();
  });

  it('answers a write from the live tier while the analytic one waits out its step, which a reader of the analytic tier cuts short', async () => {
    // The analytic tier's step is a minute long: once it has caught up at start, it takes nothing new until stopped.
    tiers = new ProjectionTiers(db, store, [playersProjection, registrations], { live: { idleMs: 5 }, analytic: { minStepMs: 60_000 } });
    await tiers.init();
    expect(tiers.projections.map((p) => p.name)).toEqual(['players', 'registrations']);
    tiers.start();
    expect(await tiers.waitFor(await store.headCheckpoint(), 10_000)).toBe(true);
    // Its first step (the five players there at start) is done, and its minute-long pause begun.
    for (let tries = 0; (await counted())?.players !== 5 && tries < 200; tries++) await new Promise((r) => setTimeout(r, 25));
    expect(await counted()).toEqual({ players: 5, steps: 1 });

    const { checkpoint } = await store.appendToStream('player-6', [registered(6)], { expectedRevision: 'no_stream' });
    tiers.notify();
    // Read-your-writes waits for the live tier only: the new player is there.
    expect(await tiers.waitFor(checkpoint, 10_000)).toBe(true);
    expect(await players()).toBe(6);
    const lag = await tiers.lag();
    expect(lag.map(({ name, tier, pendingEvents }) => ({ name, tier, pendingEvents }))).toEqual([
      { name: 'players', tier: 'live', pendingEvents: 0 },
      { name: 'registrations', tier: 'analytic', pendingEvents: 1 },
    ]);
    expect(await counted()).toEqual({ players: 5, steps: 1 });

    // A reader of the analytic tier who must see the write (an admin's decision) has it step at once, not in a minute.
    expect(await tiers.waitForAll(checkpoint, 10_000)).toBe(true);
    expect(await counted()).toEqual({ players: 6, steps: 2 });
    await store.appendToStream('player-7', [registered(7)], { expectedRevision: 'no_stream' });
    expect(await tiers.caughtUpAll(10_000)).toBe(true);
    expect(await counted()).toEqual({ players: 7, steps: 3 });
    expect(await players()).toBe(7);
    // The analytic tier was served from the live tier's reads of the log once the live one had read them.
    expect(tiers.shared.served.shared).toBeGreaterThan(0);
  });

  it('rebuilds one projection by name in whichever tier holds it, and refuses a name it does not know', async () => {
    tiers = new ProjectionTiers(db, store, [playersProjection, registrations]);
    await tiers.init();
    expect(await tiers.catchUp()).toBe(5);
    await tiers.rebuild('registrations');
    expect(await counted()).toEqual({ players: 5, steps: 1 });
    expect(await players()).toBe(5);
    await expect(tiers.rebuild('nothing')).rejects.toThrow(/No projection named nothing/);
  });
});
