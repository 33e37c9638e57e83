import type { Kysely, Migration } from 'kysely';

/** Why and when a bonus ended: an offer that lapsed at a withdrawal request says so on the player's bonuses page. */
export const bonusEndedMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed tables exist
  async up(db: Kysely<any>) {
    await db.schema.alterTable('bonuses').addColumn('ended_by', 'text').execute();
    await db.schema.alterTable('bonuses').addColumn('ended_at', 'timestamptz').execute();
  },
};
