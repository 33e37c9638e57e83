import type { Kysely, Migration } from 'kysely';

/** Sessions past their expiry are deleted as new ones start: found by `expires_time`. */
export const sessionExpiryMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed tables exist
  async up(db: Kysely<any>) {
    await db.schema.createIndex('sessions_expires_idx').ifNotExists().on('sessions').column('expires_time').execute();
  },
};
