import { afterEach, beforeEach, expect, it, jest } from '@jest/globals';
import { type Kysely, sql } from 'kysely';
import { describeEachDatabase } from '../adapters/db/test-databases';
import type { Database } from '../adapters/db/database';
import { PostgresEventStore } from '../adapters/event-store/postgres-event-store';
import type { RecordedEvent } from '../application/ports/event-store';
import { migrateReadModels } from './migrations';
import { playersProjection } from './players/players.projection';
import { PlayersRepository } from './players/players.repository';
import type { Projection } from './projection';
import { ProjectionRunner } from './runner';
import type { ReadModels } from './schema';

const PLAYERS = 1_000;
const PHOTOS_EACH = 5;
const OTHER_EACH = 45;

jest.setTimeout(240_000);

/**
 * The store: 1,000 players registered, 5 photo changes each, and 45 events each the players read model does not
 * read (51,000 events), written straight into the PostgreSQL event store's table in log order.
 */
async function fill(db: Kysely<unknown>): Promise<number> {
  await sql`
    insert into es_events (stream_id, revision, event_id, type, data, metadata, created_at)
    select 'player-' || id, 0, gen_random_uuid(), 'PlayerRegistered',
           jsonb_build_object('playerId', id, 'subject', 'dev:' || id, 'email', 'p' || n || '@example.com', 'name', 'P' || n, 'photoUrl', null,
                              'registeredAt', '2026-01-01T00:00:00.000Z'),
           '{}'::jsonb, '2026-01-01T00:00:00Z'
      from (select n, ('10000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid as id from generate_series(1, ${PLAYERS}) n) p`.execute(db);
  // One statement per round of photos: the rows of one INSERT take their positions in no set order.
  for (let r = 1; r <= PHOTOS_EACH; r++) {
    await sql`
      insert into es_events (stream_id, revision, event_id, type, data, metadata, created_at)
      select 'player-' || id, ${r}::bigint, gen_random_uuid(), 'PlayerPhotoChanged',
             jsonb_build_object('playerId', id, 'photoUrl', 'https://example.com/' || n || '/' || ${r}::int || '.png'), '{}'::jsonb, '2026-01-01T00:00:00Z'
        from (select n, ('10000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid as id from generate_series(1, ${PLAYERS}) n) p`.execute(db);
  }
  for (let r = PHOTOS_EACH + 1; r <= PHOTOS_EACH + OTHER_EACH; r++) {
    await sql`
      insert into es_events (stream_id, revision, event_id, type, data, metadata, created_at)
      select 'player-' || id, ${r}::bigint, gen_random_uuid(), 'PhoneCodeAttempted', jsonb_build_object('playerId', id), '{}'::jsonb, '2026-01-01T00:00:00Z'
        from (select ('10000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid as id from generate_series(1, ${PLAYERS}) n) p`.execute(db);
  }
  return PLAYERS * (1 + PHOTOS_EACH + OTHER_EACH);
}

/** The players read model's next version: the same rows, with every photo address marked, so its rows can be told apart. */
const nextVersion: Projection = {
  ...playersProjection,
  version: playersProjection.version + 1,
  applyBatch: (trx, events, memory) =>
    playersProjection.applyBatch(
      trx,
      events.map((e): RecordedEvent => (e.type === 'PlayerPhotoChanged' ? { ...e, data: { ...(e.data as object), photoUrl: `${(e.data as { photoUrl: string }).photoUrl}#v2` } } : e)),
      memory,
    ),
};

describeEachDatabase('a projection upgraded to a new version on a large store', (database) => {
  let db: Database;
  let store: PostgresEventStore;

  beforeEach(async () => {
    db = await database.open();
    await migrateReadModels(db.kysely, db.schema);
    store = new PostgresEventStore(db);
    await store.init();
  });
  afterEach(() => db.close());

  it('keeps answering with the old rows while the new version is built beside them, then answers with the new rows', async () => {
    const kysely = db.kysely as Kysely<ReadModels>;
    expect(await fill(db.kysely)).toBeGreaterThanOrEqual(50_000);
    const before = new ProjectionRunner(kysely, store, [playersProjection], { batchSize: 5_000 });
    await before.init();
    await before.catchUp();

    // The admins' players list (its repository, as the API reads it) and the photo of each player.
    const players = new PlayersRepository(kysely);
    const photos = async () => {
      const page = await players.players({ q: '' }, 0, PLAYERS + 10);
      expect(page.items).toHaveLength(PLAYERS);
      const rows = await kysely.selectFrom('players').select(['photo_url']).execute();
      return rows.map((r) => r.photo_url ?? '');
    };
    const old = await photos();
    expect(old).toHaveLength(PLAYERS);
    expect(old.every((url) => url.endsWith(`/${PHOTOS_EACH}.png`))).toBe(true);

    const logged: string[] = [];
    const after = new ProjectionRunner(kysely, store, [nextVersion], { batchSize: 2_000, idleMs: 5, log: { info: (m) => logged.push(m), error: () => undefined } });
    await after.init();
    expect(after.upgrading).toEqual(['players']);
    after.start();

    // Read as the API reads, over and over, until the new version is in place: never empty, never failing, never mixed.
    const seen = { old: 0, new: 0 };
    let progress = 0;
    for (;;) {
      const urls = await photos();
      expect(urls).toHaveLength(PLAYERS);
      const marked = urls.filter((u) => u.endsWith('#v2')).length;
      expect([0, PLAYERS]).toContain(marked);
      if (marked === 0) seen.old++;
      else seen.new++;
      if (seen.old % 5 === 1) progress = Math.max(progress, (await after.lag())[0]!.upgrade?.events ?? 0);
      if (after.upgrading.length === 0 && marked === PLAYERS) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await after.stop();
    expect(seen.old).toBeGreaterThan(1);
    expect(progress).toBeGreaterThan(0);
    expect((await photos()).every((url) => url.endsWith(`/${PHOTOS_EACH}.png#v2`))).toBe(true);
    const checkpoint = await kysely.selectFrom('projection_checkpoints').selectAll().execute();
    expect(checkpoint.map((c) => [c.name, c.version])).toEqual([['players', nextVersion.version]]);
    expect(logged.some((m) => /building it beside/.test(m))).toBe(true);
    expect(logged.some((m) => /in place after 51000 events/.test(m))).toBe(true);
    // The schema it was built in is gone.
    const schemas = await sql<{ n: string }>`select count(*)::text as n from information_schema.schemata where schema_name like ${`${db.schema}\\_\\_upgrade%`}`.execute(db.kysely);
    expect(schemas.rows[0]!.n).toBe('0');
  });
});
