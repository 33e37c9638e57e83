/**
 * Where the application suites (`app/*.int.spec.ts`) keep events and read models:
 *
 * - `pglite`: both in embedded PGlite (unless EVENTSTORE_URL is set, or TEST_PGLITE=off beside DATABASE_URL);
 * - `postgres`: both on the PostgreSQL server of DATABASE_URL, in a schema of their own (when it is set,
 *   unless EVENTSTORE_URL is set);
 * - `eventstoredb`: events on the EventStoreDB of EVENTSTORE_URL (`npm run test:eventstoredb`), read
 *   models on PGlite, or on the DATABASE_URL server when that is set too.
 *
 * An EventStoreDB log cannot be reset and is shared by every suite run against it (and by earlier runs
 * on a real server), so on it the players' e-mails and phone numbers are made unique to this run;
 * elsewhere they are used as given.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { describe } from '@jest/globals';
import { Pool } from 'pg';
import { skipPglite } from '../adapters/db/test-databases';

export type AppStorageName = 'pglite' | 'postgres' | 'eventstoredb';

export interface AppStorage {
  name: AppStorageName;
  /** What loadConfig needs besides the suite's own settings: where events and read models go. */
  env(schema: string): NodeJS.ProcessEnv;
  /** Drops the suite's schema on the PostgreSQL server, if it used one. */
  drop(schema: string): Promise<void>;
  /** `address`, or on a shared log an address of the same form unique to this run. */
  email(address: string): string;
  /** The `n`-th US phone number (E.164) of this suite, unique to this run on a shared log. */
  phone(n: number): string;
}

export function appStorages(env: NodeJS.ProcessEnv = process.env): AppStorage[] {
  const databaseUrl = env.DATABASE_URL;
  const eventStoreUrl = env.EVENTSTORE_URL;
  const dropOn = (url: string | undefined) => async (schema: string) => {
    if (!url) return;
    const pool = new Pool({ connectionString: url });
    try {
      await pool.query(`drop schema if exists "${schema}" cascade`);
    } finally {
      await pool.end();
    }
  };
  const asGiven = { email: (address: string) => address, phone: (n: number) => `+1415555${String(1000 + n).padStart(4, '0')}` };

  if (eventStoreUrl) {
    const run = randomBytes(4).toString('hex');
    // 415 numbers with a random exchange and line: a number already claimed in this log is unlikely.
    const exchange = 200 + randomInt(800);
    const line = randomInt(10_000);
    return [
      {
        name: 'eventstoredb',
        env: (schema) => ({ EVENTSTORE_URL: eventStoreUrl, ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}) }),
        drop: dropOn(databaseUrl),
        email: (address) => address.replace('@', `+${run}@`),
        phone: (n) => `+1415${exchange}${String((line + n) % 10_000).padStart(4, '0')}`,
      },
    ];
  }
  return [
    ...(skipPglite(env) ? [] : [{ name: 'pglite' as const, env: () => ({}), drop: async () => undefined, ...asGiven }]),
    ...(databaseUrl
      ? [{ name: 'postgres' as const, env: (schema: string) => ({ DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema }), drop: dropOn(databaseUrl), ...asGiven }]
      : []),
  ];
}

/** `describe(title (storage))` for each storage of `appStorages()`. */
export function describeEachStorage(title: string, fn: (storage: AppStorage) => void): void {
  for (const storage of appStorages()) {
    describe(`${title} (${storage.name})`, () => fn(storage));
  }
}
