import type { Kysely, Migration } from 'kysely';

/**
 * Players' sessions (one row per token issued at sign-in), so a logout, a logout everywhere or a ban ends
 * a token before it expires. The guard looks a session up by its id; "every session of a player" goes by
 * `player_id`.
 */
export const sessionsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed tables exist
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('sessions')
      .ifNotExists()
      .addColumn('session_id', 'uuid', (c) => c.primaryKey())
      .addColumn('player_id', 'uuid', (c) => c.notNull())
      .addColumn('started_time', 'timestamptz', (c) => c.notNull())
      .addColumn('expires_time', 'timestamptz', (c) => c.notNull())
      .addColumn('started_revision', 'integer', (c) => c.notNull())
      .addColumn('ended_time', 'timestamptz')
      .addColumn('end_reason', 'text')
      .execute();
    await db.schema.createIndex('sessions_player_idx').ifNotExists().on('sessions').columns(['player_id', 'started_revision']).execute();
  },
};
