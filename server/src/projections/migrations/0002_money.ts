import type { Kysely, Migration } from 'kysely';

export const moneyMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed tables exist
  async up(db: Kysely<any>) {
    await db.schema.alterTable('banks').addColumn('revision', 'integer', (c) => c.notNull().defaultTo(-1)).execute();
    await db.schema
      .createTable('ledger_entries')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('player_id', 'uuid', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('created_time', 'timestamptz', (c) => c.notNull())
      .addColumn('hand_id', 'uuid')
      .addColumn('reference', 'text')
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('seq', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('ledger_entries_player_time_idx').ifNotExists().on('ledger_entries').columns(['player_id', 'created_time', 'seq']).execute();
  },
};
