import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Room on each page for a row's next version. A hand's row is written when it is dealt and again as it
 * is played and settled, and its document is large (about 1.5 kB), so a full page made almost every one
 * of those updates move the row to another page and add an entry to each of the table's three indexes.
 * With a third of each page left free, the next version fits beside the old one and no index changes
 * (a heap-only update). Shoes are updated as their hands are dealt, in the same way. Pages written
 * before this migration keep their old packing.
 */
export const roomForUpdatesMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed tables exist
  async up(db: Kysely<any>) {
    await sql`alter table hands set (fillfactor = 60)`.execute(db);
    await sql`alter table shoes set (fillfactor = 70)`.execute(db);
  },
};
