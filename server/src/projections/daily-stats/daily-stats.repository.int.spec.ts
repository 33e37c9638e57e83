import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Kysely } from 'kysely';
import type { Database } from '../../adapters/db/database';
import { describeEachDatabase } from '../../adapters/db/test-databases';
import { analyticsCsv, ExportAnalyticsHandler, GetAnalyticsHandler } from '../../application/admin/analytics';
import type { Actor } from '../../application/actor';
import { migrateReadModels } from '../migrations';
import { alice, bob, handId, shoeId, uuid } from '../projection.test-support';
import type { ReadModels } from '../schema';
import { DailyStatsRepository } from './daily-stats.repository';

const admin: Actor = { playerId: uuid(9, 'f0000000'), roles: ['admin'] };
const range = { from: '2026-03-01', to: '2026-03-02' };

/** A settled hand of `bet` staked whose player's net was `net` (the house's is its opposite). */
const hand = (n: number, player: string, settledAt: string | null, bet: number, net: number | null) => ({
  id: handId(n), player_id: player, shoe_id: shoeId(), hand_number: n, created_time: settledAt ?? '2026-03-02T12:00:00.000Z', settled_time: settledAt,
  phase: net === null ? 'PlayerTurn' : 'Settled', base_bet: bet, total_bet: bet, win_amount: net === null ? null : bet + net, net, level: 0, state: {}, revision: n,
});

interface Step {
  status?: 'Approved' | 'Declined' | 'Canceled';
  decision_time?: string;
  payout?: 'Failed' | 'Paid';
  payout_time?: string;
}
const withdrawal = (n: number, amount: number, requested: string, step: Step = {}) => ({
  id: uuid(n, 'e0000000'), player_id: alice, amount, method: 'bitcoin' as const, target: 'bcrt1q', status: 'Created' as const, request_time: requested,
  reviewer_id: null, decision_time: null, reference: null, payout_error: null, payout_time: null, ...step,
});

describeEachDatabase('analytics from the hands, suspect and withdrawals read models', (testDb) => {
  let database: Database;
  let db: Kysely<ReadModels>;
  let repository: DailyStatsRepository;
  beforeAll(async () => {
    database = await testDb.open();
    db = database.kysely as Kysely<ReadModels>;
    await migrateReadModels(db, database.schema);
    repository = new DailyStatsRepository(db);
    // Alice (no suspect record: level 0) loses three hands of 1,000 and wins one; Bob (level 60) loses 2,000 and wins a blackjack of 3,000.
    await db
      .insertInto('hands')
      .values([
        hand(1, alice, '2026-03-01T09:00:00.000Z', 1_000, -1_000),
        hand(2, alice, '2026-03-01T09:01:00.000Z', 1_000, 1_000),
        hand(3, alice, '2026-03-02T23:59:59.000Z', 1_000, -1_000),
        hand(4, alice, '2026-03-02T00:00:00.000Z', 1_000, -1_000),
        hand(5, bob, '2026-03-01T10:00:00.000Z', 2_000, -2_000),
        hand(6, bob, '2026-03-01T10:01:00.000Z', 2_000, 3_000),
        // Outside the range, and a hand still being played: neither counts.
        hand(7, bob, '2026-03-03T00:00:00.000Z', 50_000, -50_000),
        hand(8, alice, null, 9_000, null),
      ])
      .execute();
    await db.insertInto('suspect_players').values({ player_id: bob, suspect_level: 60, records: 3, state: {}, account_revision: 10, player_revision: 2 }).execute();
    await db
      .insertInto('withdraw_requests')
      .values([
        withdrawal(1, 10_000, '2026-03-01T08:00:00.000Z', { status: 'Approved', decision_time: '2026-03-01T09:00:00.000Z', payout: 'Paid', payout_time: '2026-03-02T08:00:00.000Z' }),
        withdrawal(2, 5_000, '2026-03-01T08:00:00.000Z', { status: 'Declined', decision_time: '2026-03-01T09:00:00.000Z' }),
        withdrawal(3, 3_000, '2026-03-02T08:00:00.000Z', { status: 'Canceled', decision_time: '2026-03-02T09:00:00.000Z' }),
        // Asked for before the range, paid in it: paid counts, requested does not.
        withdrawal(4, 7_000, '2026-02-28T08:00:00.000Z', { status: 'Approved', decision_time: '2026-02-28T09:00:00.000Z', payout: 'Paid', payout_time: '2026-03-01T07:00:00.000Z' }),
        withdrawal(5, 2_000, '2026-03-02T08:00:00.000Z'),
        // A failed payout is not paid.
        withdrawal(6, 4_000, '2026-03-02T08:00:00.000Z', { status: 'Approved', decision_time: '2026-03-02T09:00:00.000Z', payout: 'Failed', payout_time: '2026-03-02T10:00:00.000Z' }),
      ])
      .execute();
  });
  afterAll(() => database.close());

  it('given six hands, the realised edge is house net ÷ staked, with its sample and a 95% interval from the per-hand variance', async () => {
    const report = await new GetAnalyticsHandler(repository).execute({ actor: admin, range });
    // Staked 8,000; the house won 1,000 − 1,000 + 1,000 + 1,000 + 2,000 − 3,000 = 1,000: 12.5%.
    // s² = (Σx² − (Σx)²/n) ÷ (n − 1) = (17,000,000 − 1,000,000/6) ÷ 5; SE = √(6 s²) ÷ 8,000 = 56.1805 points; ±1.96 SE.
    expect(report.detail.edge).toEqual({
      hands: 6, staked: 8_000, houseNet: 1_000, realisedPercent: 12.5, standardErrorPercent: 56.1805, lowPercent: -97.6118, highPercent: 122.6118,
      // Level 0: 0.572% per bet over 1.135 bets a hand, per satoshi wagered.
      publishedPercent: 0.504,
    });
  });

  it('given players at suspect levels 0 and 60, each band has its players, hands, stakes, house net and edge', async () => {
    const report = await new GetAnalyticsHandler(repository).execute({ actor: admin, range });
    expect(report.detail.levels).toEqual([
      { min: 0, max: 0, players: 1, hands: 4, staked: 4_000, houseNet: 2_000, realisedPercent: 50 },
      { min: 1, max: 49, players: 0, hands: 0, staked: 0, houseNet: 0, realisedPercent: null },
      { min: 50, max: 79, players: 1, hands: 2, staked: 4_000, houseNet: -1_000, realisedPercent: -25 },
      { min: 80, max: 100, players: 0, hands: 0, staked: 0, houseNet: 0, realisedPercent: null },
    ]);
  });

  it('counts withdrawals requested, paid, declined and cancelled on the day of each step', async () => {
    const report = await new GetAnalyticsHandler(repository).execute({ actor: admin, range });
    expect(report.detail.withdrawals).toEqual({
      requested: { count: 5, sats: 24_000 },
      paid: { count: 2, sats: 17_000 },
      declined: { count: 1, sats: 5_000 },
      cancelled: { count: 1, sats: 3_000 },
    });
  });

  it('without a hand the edge and its interval are none', async () => {
    const report = await new GetAnalyticsHandler(repository).execute({ actor: admin, range: { from: '2025-01-01', to: '2025-01-31' } });
    expect(report.detail.edge).toEqual({
      hands: 0, staked: 0, houseNet: 0, realisedPercent: null, standardErrorPercent: null, lowPercent: null, highPercent: null, publishedPercent: null,
    });
  });

  it('exports the same tables as CSV: days, withdrawals, edge, suspect levels', async () => {
    const csv = await new ExportAnalyticsHandler(repository).execute({ actor: admin, range });
    const report = await new GetAnalyticsHandler(repository).execute({ actor: admin, range });
    expect(csv).toBe(analyticsCsv(report));
    const lines = csv.split('\r\n');
    expect(lines.slice(0, 2)).toEqual(['days', 'date,hands,activePlayers,wagered,returned,grossGamingRevenue,realisedEdgePercent,publishedEdgePercent,deposits,depositCount,withdrawals,withdrawalCount,withdrawalsRefunded']);
    expect(lines).toContain('2026-03-01,0,0,0,0,0,,,0,0,0,0,0');
    const at = lines.indexOf('withdrawals');
    expect(lines.slice(at, at + 6)).toEqual(['withdrawals', 'outcome,count,sats', 'requested,5,24000', 'paid,2,17000', 'declined,1,5000', 'cancelled,1,3000']);
    expect(lines[lines.indexOf('edge') + 2]).toBe('6,8000,1000,12.5,56.1805,-97.6118,122.6118,0.504');
    const bands = lines.indexOf('suspect levels');
    expect(lines.slice(bands + 1, bands + 4)).toEqual(['min,max,players,hands,staked,houseNet,realisedPercent', '0,0,1,4,4000,2000,50', '1,49,0,0,0,0,']);
  });

  it('refuses anyone but an admin', async () => {
    const support: Actor = { ...admin, roles: ['support'] };
    await expect(new GetAnalyticsHandler(repository).execute({ actor: support, range })).rejects.toThrow();
    await expect(new ExportAnalyticsHandler(repository).execute({ actor: support, range })).rejects.toThrow();
  });
});
