import type { Kysely, Migration } from 'kysely';

/** Hands are written once they settle: whose hand in play an id is, is found by the player's active hand. */
export const handInPlayMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed tables exist
  async up(db: Kysely<any>) {
    await db.schema.createIndex('player_stats_active_hand').on('player_stats').columns(['active_hand_id']).execute();
  },
};
