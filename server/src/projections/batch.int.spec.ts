import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { type Kysely, sql } from 'kysely';
import { describeEachDatabase } from '../adapters/db/test-databases';
import type { Database } from '../adapters/db/database';
import { type KeptWrites, GUARD_FAILED, ReadBeforeItsTime, type WritesKept, keepingWrites, sendScript } from './batch';
import type { ReadModels } from './schema';

interface Odd {
  id: number;
  label: string | null;
  doc: unknown;
  bytes: Buffer | null;
  at: Date | null;
  tags: string[] | null;
  big: string | null;
  yes: boolean | null;
}

/** Values a statement's parameters may carry that a script must write in exactly as a parameter would send them. */
const ODD: Odd[] = [
  { id: 1, label: "it's", doc: { quote: "'", backslash: '\\', dollar: '$1 $$ $tag$' }, bytes: Buffer.from([0, 39, 92, 255]), at: new Date('2026-11-29T12:34:56.789Z'), tags: ['a,b', '"c"', "d'e", 'f\\g'], big: '9007199254740991', yes: true },
  { id: 2, label: 'C:\\path\\n', doc: { list: ['é', '😀', '\n\t'] }, bytes: null, at: null, tags: [], big: '-1', yes: false },
  { id: 3, label: null, doc: null, bytes: Buffer.alloc(0), at: new Date(0), tags: null, big: null, yes: null },
  { id: 4, label: "$1::json '' \\' --", doc: { nested: { deep: [1, 2.5, -3e-7, true, null] } }, bytes: Buffer.from('x'), at: new Date('1999-12-31T23:59:59Z'), tags: ['NULL', ''], big: '0', yes: true },
];

describeEachDatabase('writes kept and sent as one script', (testDb) => {
  let database: Database;
  let db: Kysely<ReadModels>;
  const odd = () => db as unknown as Kysely<{ odd: Odd; guarded: { k: string; n: number } }>;
  const rows = (table: string) => sql<Odd>`select * from ${sql.table(table)} order by id`.execute(db).then((r) => r.rows);

  beforeEach(async () => {
    database = await testDb.open();
    db = database.kysely as Kysely<ReadModels>;
    for (const table of ['odd', 'odd_sent']) {
      await sql`create table ${sql.table(table)} (id int primary key, label text, doc jsonb, bytes bytea, at timestamptz, tags text[], big bigint, yes boolean)`.execute(db);
    }
    await sql`create table guarded (k text primary key, n int not null)`.execute(db);
    await sql`insert into guarded values ('a', 0)`.execute(db);
  });
  afterEach(() => database.close());

  const guard = (from: number, to: number) => ({
    text: 'update guarded g set n = v.n from json_to_recordset($1::json) as v(k text, old int, n int) where g.k = v.k and g.n = v.old returning 1',
    json: JSON.stringify([{ k: 'a', old: from, n: to }]),
    rows: 1,
  });

  it('stores every value exactly as the same statement sent with parameters does', async () => {
    for (const row of ODD) await odd().insertInto('odd').values(row).execute();
    const kept: WritesKept = { statements: [], readsRefused: false };
    const keeping = keepingWrites(db, kept) as unknown as Kysely<{ odd_sent: Odd }>;
    for (const row of ODD) await keeping.insertInto('odd_sent').values(row).execute();
    // Nothing is sent until the script is.
    expect(await rows('odd_sent')).toEqual([]);
    await sendScript(db, [{ statements: kept.statements, held: [] }], guard(0, 1));
    expect(await rows('odd_sent')).toEqual(await rows('odd'));
  });

  it('writes nothing of the script when its guard does not hold, nor when one of its statements fails', async () => {
    const kept: WritesKept = { statements: [], readsRefused: false };
    const keeping = keepingWrites(db, kept) as unknown as Kysely<{ odd_sent: Odd }>;
    await keeping.insertInto('odd_sent').values(ODD[0]!).execute();
    const writes: KeptWrites = {
      statements: kept.statements,
      held: [{ text: "insert into odd_sent (id, label) select id, label from json_to_recordset($1::json) as v(id int, label text)", json: JSON.stringify([{ id: 9, label: 'held' }]) }],
    };
    await expect(sendScript(db, [writes], guard(5, 6))).rejects.toMatchObject({ code: GUARD_FAILED });
    expect(await rows('odd_sent')).toEqual([]);
    // The same row twice: the second insert fails, and the first goes with it.
    await expect(sendScript(db, [writes, writes], guard(0, 1))).rejects.toThrow(/duplicate key/);
    expect(await rows('odd_sent')).toEqual([]);
    expect((await sql<{ n: number }>`select n from guarded`.execute(db)).rows[0]!.n).toBe(0);
    await sendScript(db, [writes], guard(0, 1));
    expect((await rows('odd_sent')).map((r) => r.label)).toEqual(["it's", 'held']);
  });

  it('reads at once, or refuses to while a write before it is not yet stored', async () => {
    await odd().insertInto('odd').values(ODD[1]!).execute();
    const kept: WritesKept = { statements: [], readsRefused: false };
    const keeping = keepingWrites(db, kept) as unknown as Kysely<{ odd: Odd }>;
    expect(await keeping.selectFrom('odd').select('label').execute()).toEqual([{ label: 'C:\\path\\n' }]);
    kept.readsRefused = true;
    await expect(keeping.selectFrom('odd').select('label').execute()).rejects.toBeInstanceOf(ReadBeforeItsTime);
    expect(kept.statements).toEqual([]);
  });
});
