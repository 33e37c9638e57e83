import type { Kysely, Migration } from 'kysely';

/** Proof of liabilities: each commitment (root, total, position) and the balances with their salts it was built from. */
export const liabilitiesMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed tables exist
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('liability_commitments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('position', 'text')
      .addColumn('root_hash', 'text', (c) => c.notNull())
      .addColumn('total', 'bigint', (c) => c.notNull())
      .addColumn('players', 'integer', (c) => c.notNull())
      .addColumn('committed_by', 'text', (c) => c.notNull())
      .addColumn('committed_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('liability_commitments_at').on('liability_commitments').columns(['committed_at']).execute();
    await db.schema
      .createTable('liability_balances')
      .addColumn('commitment_id', 'text', (c) => c.notNull())
      .addColumn('player_id', 'text', (c) => c.notNull())
      .addColumn('balance', 'bigint', (c) => c.notNull())
      .addColumn('salt_a', 'text', (c) => c.notNull())
      .addColumn('salt_z', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('liability_balances_pkey', ['commitment_id', 'player_id'])
      .execute();
  },
};
