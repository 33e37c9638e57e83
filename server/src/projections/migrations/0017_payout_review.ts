import type { Kysely, Migration } from 'kysely';

/**
 * Payout review: the first of two approvals a large request needs (who, when, why), and the reason given for the
 * decision itself (an approval of a player held for review, a decline).
 */
export const payoutReviewMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed tables exist
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('withdraw_requests')
      .addColumn('first_reviewer_id', 'text')
      .addColumn('first_approval_time', 'timestamptz')
      .addColumn('first_approval_reason', 'text')
      .addColumn('decision_reason', 'text')
      .execute();
  },
};
