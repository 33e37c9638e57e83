import type { Kysely, Migration } from 'kysely';

/** The reconciliation check's runs and the players each found differing (written by the check, not by a projection). */
export const reconciliationMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed tables exist
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('reconciliation_runs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('checked_at', 'timestamptz', (c) => c.notNull())
      .addColumn('players_checked', 'integer', (c) => c.notNull())
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addColumn('differences', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('reconciliation_runs_checked_at_idx').on('reconciliation_runs').column('checked_at').execute();
    await db.schema
      .createTable('reconciliation_differences')
      .addColumn('run_id', 'text', (c) => c.notNull().references('reconciliation_runs.id').onDelete('cascade'))
      .addColumn('player_id', 'uuid', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('bank_read_model', 'bigint', (c) => c.notNull())
      .addColumn('ledger_sum', 'bigint', (c) => c.notNull())
      .addColumn('events', 'bigint', (c) => c.notNull())
      .addColumn('missing', 'integer', (c) => c.notNull())
      .addColumn('extra', 'integer', (c) => c.notNull())
      .addColumn('changed', 'integer', (c) => c.notNull())
      .addColumn('checked_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('reconciliation_differences_pk', ['run_id', 'player_id'])
      .execute();
  },
};
