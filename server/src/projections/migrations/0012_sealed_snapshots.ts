import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Account snapshots written before house seeds were sealed hold the seed of the shoe in play, and its card
 * order, in plain text. Snapshots are a cache the command side rebuilds from the events, so they all go:
 * the next ones are written sealed (`account-at-rest.ts`).
 */
export const sealedSnapshotsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed tables exist
  async up(db: Kysely<any>) {
    await sql`delete from snapshots`.execute(db);
  },
};
