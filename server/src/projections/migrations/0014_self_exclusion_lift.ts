import type { Kysely, Migration } from 'kysely';

/** When a requested end of self-exclusion takes effect: the profile shows it, and the exclusion holds until then. */
export const selfExclusionLiftMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed tables exist
  async up(db: Kysely<any>) {
    await db.schema.alterTable('players').addColumn('self_exclusion_lifts_at', 'timestamptz').execute();
  },
};
