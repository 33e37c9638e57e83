import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The documents that pass PostgreSQL's 2 kB TOAST threshold (the suspect detector's state with its window of bets,
 * an account's snapshot, the longest hands) are compressed at each write: with lz4 rather than the default pglz,
 * which costs several times the CPU. Only values written from now on change. A server built without lz4 (PGlite)
 * keeps pglz.
 */
export const lz4DocumentsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed tables exist
  async up(db: Kysely<any>) {
    for (const [table, column] of [['suspect_players', 'state'], ['snapshots', 'state'], ['hands', 'state']] as const) {
      await sql`do $$ begin
        alter table ${sql.id(table)} alter column ${sql.id(column)} set compression lz4;
      exception when feature_not_supported then null;
      end $$`.execute(db);
    }
  },
};
