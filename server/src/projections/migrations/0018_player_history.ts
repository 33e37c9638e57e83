import type { Kysely, Migration } from 'kysely';

/** The player 360 view's history: every session with its address, every change of a limit or the self-exclusion, and the last activity. */
export const playerHistoryMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed tables exist
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('session_history')
      .addColumn('session_id', 'text', (c) => c.primaryKey())
      .addColumn('player_id', 'uuid', (c) => c.notNull())
      .addColumn('started_at', 'timestamptz', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('started_revision', 'integer', (c) => c.notNull())
      .addColumn('ended_at', 'timestamptz')
      .addColumn('end_reason', 'text')
      .addColumn('address', 'text')
      .execute();
    await db.schema.createIndex('session_history_player').on('session_history').columns(['player_id', 'started_at']).execute();
    await db.schema
      .createTable('protection_changes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('player_id', 'uuid', (c) => c.notNull())
      .addColumn('at', 'timestamptz', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('value', 'bigint')
      .addColumn('effective_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('protection_changes_player').on('protection_changes').columns(['player_id', 'at']).execute();
    await db.schema
      .createTable('player_activity')
      .addColumn('player_id', 'uuid', (c) => c.primaryKey())
      .addColumn('last_active_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('player_activity_at').on('player_activity').column('last_active_at').execute();
  },
};
