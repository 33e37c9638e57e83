import type { Kysely, Migration } from 'kysely';

/** Deposits held for review and their outcome (released, or refunded with its payout's reference or failure). */
export const heldDepositsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed tables exist
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('held_deposits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('deposit_id', 'text', (c) => c.notNull())
      .addColumn('player_id', 'uuid', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('held_time', 'timestamptz', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('reviewer_id', 'text')
      .addColumn('reason', 'text')
      .addColumn('target', 'text')
      .addColumn('reference', 'text')
      .addColumn('failure', 'text')
      .addColumn('decided_time', 'timestamptz')
      .execute();
    await db.schema.createIndex('held_deposits_time').on('held_deposits').columns(['held_time', 'key']).execute();
  },
};
