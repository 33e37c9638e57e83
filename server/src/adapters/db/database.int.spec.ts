import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { openDatabase, type Database } from './database';
import { migrateReadModels } from '../../projections/migrations';
import { describeEachDatabase, testDatabases } from './test-databases';

describeEachDatabase('database', (testDb) => {
  let db: Database;

  beforeEach(async () => {
    db = await testDb.open();
  });
  afterEach(() => db.close());

  it('opens the kind of database asked for', () => {
    expect(db.kind).toBe(testDb.name);
  });

  it('parses column types the same way on every database', async () => {
    const { rows } = await sql<Record<string, unknown>>`
      select 9007199254740991::int8 as big, array[1, 2]::int8[] as bigs, 12.50::numeric as exact,
             '2026-03-01'::date as day, '2026-03-01T10:00:00Z'::timestamptz as at,
             '{"sats": 1000, "ok": true}'::jsonb as doc, 7::int4 as small`.execute(db.kysely);
    expect(rows[0]).toEqual({
      big: Number.MAX_SAFE_INTEGER,
      bigs: [1, 2],
      exact: '12.50',
      day: '2026-03-01',
      at: new Date('2026-03-01T10:00:00Z'),
      doc: { sats: 1000, ok: true },
      small: 7,
    });
  });

  it('refuses an int8 that JavaScript cannot hold exactly', async () => {
    await expect(sql`select 9007199254740993::int8 as n`.execute(db.kysely)).rejects.toThrow('outside JavaScript');
  });

  it('sends JavaScript values as parameters', async () => {
    await sql`create table params (n int8, at timestamptz, doc jsonb, flag boolean, name text)`.execute(db.kysely);
    const at = new Date('2026-01-02T03:04:05.678Z');
    await db.kysely
      .insertInto('params')
      .values({ n: 42, at, doc: JSON.stringify({ a: [1, 2] }), flag: true, name: 'Nyota' })
      .execute();
    const row = await db.kysely.selectFrom('params').selectAll().executeTakeFirstOrThrow();
    expect(row).toEqual({ n: 42, at, doc: { a: [1, 2] }, flag: true, name: 'Nyota' });
  });

  it('reports affected rows and runs multi-statement scripts without parameters', async () => {
    await sql`create table t (x int); insert into t values (1), (2), (3)`.execute(db.kysely);
    const updated = await db.kysely.updateTable('t').set({ x: 0 }).where('x', '>', 1).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
    const deleted = await db.kysely.deleteFrom('t').where('x', '=', 0).executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(2n);
  });

  it('commits a transaction, or rolls all of it back on error', async () => {
    await sql`create table accounts (id text primary key, sats int8 not null)`.execute(db.kysely);
    await db.kysely.transaction().execute(async (trx) => {
      await trx.insertInto('accounts').values({ id: 'a', sats: 100 }).execute();
    });
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await trx.updateTable('accounts').set({ sats: 0 }).execute();
        throw new Error('decided against it');
      }),
    ).rejects.toThrow('decided against it');
    const rows = await db.kysely.selectFrom('accounts').selectAll().execute();
    expect(rows).toEqual([{ id: 'a', sats: 100 }]);
  });

  it('keeps concurrent transactions apart', async () => {
    await sql`create table counter (id int primary key, n int not null); insert into counter values (1, 0)`.execute(db.kysely);
    await Promise.all(
      Array.from({ length: 8 }, () =>
        db.kysely.transaction().execute(async (trx) => {
          const { n } = await trx.selectFrom('counter').select('n').where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
          await new Promise((resolve) => setTimeout(resolve, 2));
          await trx.updateTable('counter').set({ n: n + 1 }).where('id', '=', 1).execute();
        }),
      ),
    );
    const { n } = await db.kysely.selectFrom('counter').select('n').executeTakeFirstOrThrow();
    expect(n).toBe(8);
  });

  if (testDb.name === 'pglite') {
    it('runs one transaction at a time on the single PGlite session', async () => {
      await sql`create table log (seq int generated always as identity, tx int, step text)`.execute(db.kysely);
      await Promise.all(
        [1, 2, 3].map((tx) =>
          db.kysely.transaction().execute(async (trx) => {
            await trx.insertInto('log').values({ tx, step: 'begin' }).execute();
            await new Promise((resolve) => setTimeout(resolve, 5));
            await trx.insertInto('log').values({ tx, step: 'end' }).execute();
          }),
        ),
      );
      const log = await db.kysely.selectFrom('log').select(['tx', 'step']).orderBy('seq').execute();
      for (let i = 0; i < log.length; i += 2) expect(log[i + 1]).toEqual({ tx: log[i]!.tx, step: 'end' });
    });

    it('says clearly that streaming is not supported', async () => {
      const iterate = async (): Promise<void> => {
        for await (const _ of db.kysely.selectFrom('pg_class').select('relname').stream()) void _;
      };
      await expect(iterate()).rejects.toThrow('streamQuery is not supported');
    });
  }

  if (testDb.name === 'postgres') {
    it('gives each test database its own schema', async () => {
      await sql`create table mine (x int)`.execute(db.kysely);
      const other = await testDatabases().find((d) => d.name === 'postgres')!.open();
      try {
        expect(other.schema).not.toBe(db.schema);
        await expect(sql`select * from mine`.execute(other.kysely)).rejects.toThrow(/does not exist/);
      } finally {
        await other.close();
      }
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely);
      expect(rows[0]!.schema).toBe(db.schema);
    });

    it('migrates the read models while other clients create and drop their schemas on the same server', async () => {
      const postgres = testDatabases().find((d) => d.name === 'postgres')!;
      let churning = true;
      const churn = (async () => {
        while (churning) {
          const other = await postgres.open();
          await sql`create table t (x int)`.execute(other.kysely);
          await other.close();
        }
      })();
      try {
        for (let round = 0; round < 5; round++) {
          const mine = await postgres.open();
          try {
            await migrateReadModels(mine.kysely, mine.schema);
            const tables = await mine.kysely.introspection.getTables();
            expect(tables.every((t) => t.schema === mine.schema)).toBe(true);
            expect(tables.map((t) => t.name)).toContain('ledger_entries');
          } finally {
            await mine.close();
          }
        }
      } finally {
        churning = false;
        await churn;
      }
    });
  }
});

describe('openDatabase', () => {
  it('says which server it could not reach, without the password', async () => {
    await expect(openDatabase({ url: 'postgres://bahati:s3cret@127.0.0.1:1/nowhere' })).rejects.toThrow(
      /^Cannot open PostgreSQL database postgres:\/\/bahati:\*\*\*@127\.0\.0\.1:1\/nowhere/,
    );
  });

  it('refuses a schema name it would have to quote', async () => {
    await expect(openDatabase({ url: 'postgres://127.0.0.1:1/x', schema: 'Robert"; drop' })).rejects.toThrow('schema name');
  });
});
