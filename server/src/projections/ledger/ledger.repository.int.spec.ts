import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { LEDGER_TYPES, type LedgerType } from '@bahati/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../adapters/db/database';
import { describeEachDatabase } from '../../adapters/db/test-databases';
import { GetLedgerPageHandler, GetLedgerPageQuery } from '../../application/game/queries';
import { migrateReadModels } from '../migrations';
import { alice, bob } from '../projection.test-support';
import type { ReadModels } from '../schema';
import { LedgerRepository } from './ledger.repository';

/** A busy day (UTC): 400 lines of Alice's, every type in turn, one a minute from 01:00. */
const DAY = { d: 5, m: 1, y: 2026, o: 0 };
const start = Date.parse('2026-01-05T01:00:00.000Z');
const lines = Array.from({ length: 400 }, (_, i) => {
  const type: LedgerType = LEDGER_TYPES[i % LEDGER_TYPES.length]!;
  const amount = type === 'ShowShoe' ? 0 : (['Bet', 'Double', 'Split', 'InsuranceBet', 'Withdraw'].includes(type) ? -1 : 1) * (100 + i);
  return { id: `e${i}:0`, player_id: alice, type, created_time: new Date(start + i * 60_000), hand_id: null, reference: null, amount, seq: i * 16 };
});
const sum = (types: readonly LedgerType[]) => lines.filter((l) => types.includes(l.type)).reduce((s, l) => s + l.amount, 0);
const count = (types: readonly LedgerType[]) => lines.filter((l) => types.includes(l.type)).length;

describeEachDatabase('a busy ledger day', (testDb) => {
  let database: Database;
  let handler: GetLedgerPageHandler;
  beforeAll(async () => {
    database = await testDb.open();
    const db = database.kysely as Kysely<ReadModels>;
    await migrateReadModels(db, database.schema);
    await db.insertInto('ledger_entries').values(lines).execute();
    // Another player's line that day, and Alice's lines the days before and after: none of them counts.
    await db.insertInto('ledger_entries').values([
      { id: 'b0:0', player_id: bob, type: 'Win', created_time: new Date(start), hand_id: null, reference: null, amount: 5_000, seq: 0 },
      { id: 'x0:0', player_id: alice, type: 'Win', created_time: new Date('2026-01-04T23:59:59.999Z'), hand_id: null, reference: null, amount: 7_000, seq: 9_000 },
      { id: 'x1:0', player_id: alice, type: 'Win', created_time: new Date('2026-01-06T00:00:00.000Z'), hand_id: null, reference: null, amount: 9_000, seq: 9_016 },
    ]).execute();
    handler = new GetLedgerPageHandler(new LedgerRepository(db));
  });
  afterAll(() => database.close());

  const page = (offset?: number, limit?: number) =>
    handler.execute(new GetLedgerPageQuery({ playerId: alice, roles: [] }, { ...DAY, offset: offset ?? 0, limit: limit ?? 100 }));

  it('answers its first page, newest line first, with the totals of the whole day', async () => {
    const first = await page();
    expect(first.items).toHaveLength(100);
    expect(first.items[0]).toMatchObject({ id: 'e399:0', createdTime: new Date(start + 399 * 60_000).toISOString() });
    expect(first.items[99]!.id).toBe('e300:0');
    expect(first).toMatchObject({ total: 400, offset: 0, limit: 100 });
    const play: LedgerType[] = ['Bet', 'Double', 'Split', 'InsuranceBet', 'InsuranceWin', 'Win', 'Push', 'ShowShoe', 'EvenMoney'];
    expect(first.totals.parts).toEqual({
      play: { amount: sum(play), lines: count(play) },
      deposits: { amount: sum(['BitcoinDeposit', 'LightningDeposit']), lines: count(['BitcoinDeposit', 'LightningDeposit']) },
      withdrawals: { amount: sum(['Withdraw', 'WithdrawRefund']), lines: count(['Withdraw', 'WithdrawRefund']) },
      bonuses: { amount: sum(['Bonus']), lines: count(['Bonus']) },
    });
    expect(first.totals.net).toBe(lines.reduce((s, l) => s + l.amount, 0));
  });

  it('pages on to the oldest line, every line once, with the same totals', async () => {
    const pages = await Promise.all([0, 100, 200, 300].map((offset) => page(offset)));
    const ids = pages.flatMap((p) => p.items.map((i) => i.id));
    expect(new Set(ids).size).toBe(400);
    expect(ids.at(-1)).toBe('e0:0');
    expect(new Set(pages.map((p) => p.totals.net)).size).toBe(1);
    expect((await page(400)).items).toEqual([]);
  });
});
