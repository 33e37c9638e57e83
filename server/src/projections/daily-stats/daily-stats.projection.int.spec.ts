import { expect, it } from '@jest/globals';
import { MEASURED_HOUSE_EDGE, expectedHouseWinMsat } from '@bahati/contracts';
import type { RecordedEvent } from '../../application/ports/event-store';
import { alice, bob, describeProjection, handId, settled, shoeId, uuid } from '../projection.test-support';
import { dailyStatsProjection } from './daily-stats.projection';

const shoe = shoeId();

/** Events recorded at the given times (the day they count for). */
class Log {
  private position = 0;
  private readonly revisions = new Map<string, number>();

  at(time: string, player: string, type: string, data: unknown): RecordedEvent {
    const streamId = `account-${player}`;
    const revision = (this.revisions.get(streamId) ?? -1) + 1;
    this.revisions.set(streamId, revision);
    const position = this.position++;
    return { id: uuid(position, 'e0000000'), type, data, metadata: { correlationId: 'daily-spec' }, streamId, revision, checkpoint: `0:${position}`, createdAt: time };
  }
}

function history(): RecordedEvent[] {
  const log = new Log();
  const day1 = '2026-03-01T23:59:59.000Z';
  const day2 = '2026-03-02T00:00:01.000Z';
  return [
    log.at(day1, alice, 'LightningInvoiceSettled', { invoiceId: 'i1', amount: 50_000, settledAt: day1 }),
    log.at(day1, alice, 'HandSettled', settled(handId(1), shoe, 1_000, { win: 2_000 })),
    log.at(day1, alice, 'HandSettled', settled(handId(2), shoe, 1_000, { doubleBet: 1_000 })),
    log.at(day1, bob, 'BitcoinDepositConfirmed', { txid: 'tx', vout: 0, address: 'bcrt1q', amount: 70_000, confirmations: 1, confirmedAt: day1 }),
    log.at(day2, bob, 'HandSettled', settled(handId(3), shoe, 5_000, { push: 5_000 })),
    log.at(day2, alice, 'HandSettled', settled(handId(4), shoe, 1_000)),
    log.at(day2, alice, 'WithdrawalRequested', { withdrawalId: 'w1', method: 'bitcoin', amount: 10_000, target: 'bcrt1qx', requestedAt: day2 }),
    log.at(day2, alice, 'WithdrawalDeclined', { withdrawalId: 'w1', amount: 10_000, reviewerId: 'admin', decidedAt: day2 }),
    log.at(day2, bob, 'WithdrawalRequested', { withdrawalId: 'w2', method: 'bitcoin', amount: 4_000, target: 'bcrt1qy', requestedAt: day2 }),
    log.at(day2, bob, 'WithdrawalCanceled', { withdrawalId: 'w2', amount: 4_000, canceledAt: day2 }),
  ];
}

describeProjection(dailyStatsProjection, (spec) => {
  it('counts each UTC day by when its events were recorded: hands, wagers, returns, deposits, withdrawals (refunded when declined or cancelled), who played', async () => {
    const events = history();
    await spec.given(...events.slice(0, 3)).when(...events.slice(3)).then({
      daily_stats: [
        { day: '2026-03-01', hands: 2, wagered: 3_000, returned: 2_000, deposits: 120_000, deposit_count: 2, withdrawals: 0, withdrawal_count: 0, withdrawals_refunded: 0 },
        { day: '2026-03-02', hands: 2, wagered: 6_000, returned: 5_000, deposits: 0, withdrawals: 14_000, withdrawal_count: 2, withdrawals_refunded: 14_000 },
      ],
      daily_players: [
        { day: '2026-03-01', player_id: alice },
        { day: '2026-03-02', player_id: alice },
        { day: '2026-03-02', player_id: bob },
      ],
    });
  });

  it("keeps the published edge's expectation on the wagers, at the level each hand was played", async () => {
    expect(expectedHouseWinMsat(1_000_000, 0)).toBe(Math.round((1_000_000 * MEASURED_HOUSE_EDGE.levels[0].perBetMillipercent * 10) / MEASURED_HOUSE_EDGE.levels[0].stakePerHandMillibets));
    // 0.572% of a bet over 1.135 bets staked per hand: about 0.504% of every satoshi wagered.
    expect(expectedHouseWinMsat(1_000_000, 0) / 1000 / 1_000_000).toBeCloseTo(0.00504, 5);
    expect(expectedHouseWinMsat(1_000_000, 4)).toBeLessThan(expectedHouseWinMsat(1_000_000, 0));
    await spec.given(...history()).then({
      daily_stats: [{ expected_house_win_msat: expectedHouseWinMsat(1_000, 0) + expectedHouseWinMsat(2_000, 0) }, {}],
    });
  });

  spec.itIsTheSameWhateverTheBatches(history, (rows) => {
    expect(rows.daily_stats!.map((r) => [r.day, r.hands, r.wagered])).toEqual([['2026-03-01', 2, 3_000], ['2026-03-02', 2, 6_000]]);
    expect(rows.daily_players).toHaveLength(3);
  });
});
