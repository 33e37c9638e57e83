import { type Kysely, type Migration, sql } from 'kysely';

/** Hands, shoes and player statistics read models, and the account snapshots of the command side. */
export const gameMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed tables exist
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('hands')
      .ifNotExists()
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('player_id', 'uuid', (c) => c.notNull())
      .addColumn('shoe_id', 'uuid', (c) => c.notNull())
      .addColumn('hand_number', 'integer', (c) => c.notNull())
      .addColumn('created_time', 'timestamptz', (c) => c.notNull())
      .addColumn('settled_time', 'timestamptz')
      .addColumn('phase', 'text', (c) => c.notNull())
      .addColumn('base_bet', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('total_bet', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('win_amount', 'bigint')
      .addColumn('net', 'bigint')
      .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('state', 'jsonb', (c) => c.notNull())
      .addColumn('revision', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('hands_player_time_idx').ifNotExists().on('hands').columns(['player_id', 'created_time']).execute();
    await db.schema.createIndex('hands_shoe_idx').ifNotExists().on('hands').column('shoe_id').execute();

    await db.schema
      .createTable('shoes')
      .ifNotExists()
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('player_id', 'uuid', (c) => c.notNull())
      .addColumn('house_seed_hash', 'text', (c) => c.notNull())
      .addColumn('player_seed', 'text')
      .addColumn('house_seed', 'text')
      .addColumn('hand_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('retired', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('retired_early', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('created_time', 'timestamptz', (c) => c.notNull())
      .addColumn('retired_time', 'timestamptz')
      .addColumn('revision', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('shoes_player_idx').ifNotExists().on('shoes').column('player_id').execute();

    await db.schema
      .createTable('player_stats')
      .ifNotExists()
      .addColumn('player_id', 'uuid', (c) => c.primaryKey())
      .addColumn('hands_played', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total_bet_amount', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('active_hand_id', 'uuid')
      .addColumn('shoe_id', 'uuid')
      .addColumn('revision', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('snapshots')
      .ifNotExists()
      .addColumn('stream_id', 'text', (c) => c.primaryKey())
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('state', 'jsonb', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
};
