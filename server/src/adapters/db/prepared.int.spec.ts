import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { PREPARED } from '../../projections/prepared';
import type { Database } from './database';
import { describeEachDatabase } from './test-databases';

describeEachDatabase('statements marked PREPARED', (testDb) => {
  let db: Database;

  beforeEach(async () => {
    db = await testDb.open();
    await sql`create table prepared_spec (id int primary key, n int not null)`.execute(db.kysely);
  });
  afterEach(() => db.close());

  const upsert = (id: number, n: number) =>
    sql`${sql.raw(PREPARED)}insert into prepared_spec (id, n) values (${id}, ${n}) on conflict (id) do update set n = prepared_spec.n + excluded.n returning n`.execute(db.kysely);

  it('answer as the same statement unmarked, run after run, on every connection', async () => {
    const answers: number[] = [];
    // Past the five runs PostgreSQL plans afresh, onto the generic plan; side by side, so more than one connection prepares it.
    for (let round = 0; round < 4; round++) {
      const rows = await Promise.all([1, 2, 3].map(async (id) => (await upsert(id, round + 1)).rows[0] as { n: number }));
      answers.push(...rows.map((r) => r.n));
    }
    expect(answers).toEqual([1, 1, 1, 3, 3, 3, 6, 6, 6, 10, 10, 10]);
    for (let i = 0; i < 4; i++) await upsert(9, 1);
    expect((await sql<{ n: number }>`select n from prepared_spec where id = 9`.execute(db.kysely)).rows).toEqual([{ n: 4 }]);
  });

  it('are named statements on PostgreSQL, run on a kept plan after their first five', async () => {
    if (db.kind !== 'postgres') return;
    // One connection: the statement and the look at what that connection has prepared.
    await db.kysely.connection().execute(async (conn) => {
      for (let i = 0; i < 7; i++) await sql`${sql.raw(PREPARED)}insert into prepared_spec (id, n) values (${i}, 1) on conflict (id) do update set n = prepared_spec.n + excluded.n returning n`.execute(conn);
      const { rows } = await sql<{ name: string; custom: number; generic: number }>`
        select name, custom_plans as custom, generic_plans as generic from pg_prepared_statements where statement like ${`${PREPARED}%`}`.execute(conn);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.name).toMatch(/^p_[0-9a-f]{32}$/);
      // Planned afresh for its first five runs, then run on the plan kept.
      expect([Number(rows[0]!.custom), Number(rows[0]!.generic)]).toEqual([5, 2]);
    });
  });
});
