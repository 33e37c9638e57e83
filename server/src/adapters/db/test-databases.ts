/**
 * The databases every `*.int.spec.ts` runs against: PGlite in memory (unless `TEST_PGLITE=off` beside a
 * `DATABASE_URL`), and the real PostgreSQL server of `DATABASE_URL` when it is set. Each `open()` on the server works in a fresh,
 * uniquely named schema that `close()` drops, so parallel jest workers never see each other's rows.
 */
import { randomBytes } from 'node:crypto';
import { describe, jest } from '@jest/globals';
import { sql } from 'kysely';
import { openDatabase, type Database } from './database';
import { pgliteTemplate } from './pglite-templates';

// Starting PGlite (and initdb for a data directory) can take seconds on a busy machine. Jest ignores
// `testTimeout` inside a `projects` entry, so every file that uses these databases gets it here.
jest.setTimeout(60_000);

export type TestDatabaseName = 'pglite' | 'postgres';

export interface TestDatabase {
  name: TestDatabaseName;
  /**
   * A new, empty database; close it when done (afterEach / afterAll). `migrated`: PGlite starts from a copy with
   * the event store's tables and every migration applied (migrating it again changes nothing); the server's
   * fresh schema is empty either way.
   */
  open(options?: { migrated?: boolean }): Promise<Database>;
}

/**
 * With DATABASE_URL set, `TEST_PGLITE=off` leaves PGlite out: CI runs the PGlite half in `npm test` and
 * only the server half again. Without DATABASE_URL the setting is ignored, so a suite is never empty.
 */
export const skipPglite = (env: NodeJS.ProcessEnv): boolean => Boolean(env.DATABASE_URL) && env.TEST_PGLITE === 'off';

export function testDatabases(env: NodeJS.ProcessEnv = process.env): TestDatabase[] {
  const databases: TestDatabase[] = skipPglite(env) ? [] : [{ name: 'pglite', open: async (options) => openDatabase({ inMemory: true, initialDataDir: await pgliteTemplate(options?.migrated ? 'migrated' : 'empty') }) }];
  const url = env.DATABASE_URL;
  if (url) databases.push({ name: 'postgres', open: () => openTestSchema(url) });
  return databases;
}

/**
 * `describe(title (pglite))`, plus `describe(title (postgres))` when DATABASE_URL is set; a database
 * that is not configured simply has no block.
 */
export function describeEachDatabase(title: string, fn: (database: TestDatabase) => void): void {
  for (const database of testDatabases()) {
    describe(`${title} (${database.name})`, () => fn(database));
  }
}

async function openTestSchema(url: string): Promise<Database> {
  const schema = `test_${process.pid}_${randomBytes(6).toString('hex')}`;
  const database = await openDatabase({ url, schema, poolSize: 5 });
  return {
    kysely: database.kysely,
    kind: database.kind,
    schema,
    async close() {
      try {
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.kysely);
      } finally {
        await database.close();
      }
    },
  };
}
