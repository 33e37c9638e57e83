import { type Kysely, type Migration, sql } from 'kysely';

/** The playthrough read model (one row per bonus), the redeem codes, the player's animation preference and what their hands paid back. */
export const bonusesMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed tables exist
  async up(db: Kysely<any>) {
    await db.schema.alterTable('players').addColumn('animate', 'boolean', (c) => c.notNull().defaultTo(true)).execute();
    await db.schema.alterTable('player_stats').addColumn('total_won_amount', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema
      .createTable('bonuses')
      .ifNotExists()
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('player_id', 'uuid', (c) => c.notNull())
      .addColumn('date', 'timestamptz', (c) => c.notNull())
      .addColumn('redeem_code', 'text')
      .addColumn('deposit_amount', 'bigint')
      .addColumn('bonus_amount', 'bigint', (c) => c.notNull().check(sql`bonus_amount >= 0`))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('playthrough', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('playthrough_target', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('bonuses_player_date_idx').ifNotExists().on('bonuses').columns(['player_id', 'date']).execute();
    await db.schema
      .createTable('redeem_codes')
      .ifNotExists()
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('bonus_amount', 'bigint', (c) => c.notNull())
      .addColumn('playthrough_target', 'bigint', (c) => c.notNull())
      .addColumn('max_redemptions', 'integer')
      .addColumn('expires_at', 'timestamptz')
      .addColumn('min_bank', 'bigint', (c) => c.notNull())
      .addColumn('redemptions', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_time', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('bonuses_offered_idx').ifNotExists().on('bonuses').columns(['status', 'expires_at']).execute();
  },
};
