import type { Kysely, Migration } from 'kysely';

/**
 * Where an approved withdrawal's payout is (`None`, `Paying`, `Failed`, `Paid`) and, after a failure, the
 * node's reason, so the admins' list shows a failed payout as failed rather than guessing from `paid`.
 */
export const payoutsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed tables exist
  async up(db: Kysely<any>) {
    await db.schema.alterTable('withdraw_requests').addColumn('payout', 'text', (c) => c.notNull().defaultTo('None')).execute();
    await db.schema.alterTable('withdraw_requests').addColumn('payout_error', 'text').execute();
    await db.schema.alterTable('withdraw_requests').addColumn('payout_time', 'timestamptz').execute();
  },
};
