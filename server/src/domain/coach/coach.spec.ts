import { playValues, rulesForLevel } from '@bahati/contracts';
import type { AccountEvent } from '../account/account';
import type { PlayerAction } from '../hand/decide';
import { Table, type TableOptions } from '../hand/hand.test-support';
import { coach, type CoachDeviation, type CoachHandSummary, type CoachState, initialCoachState } from './coach';

const deposit = (amount: number): AccountEvent => ({
  type: 'LightningInvoiceSettled',
  data: { invoiceId: 'i-1', amount, settledAt: '2026-03-01T12:00:00.000Z' },
});

/** given a bank, when a hand is played on a crafted shoe ("T T 6 7": player, dealer up, player, hole, then draws), then what the coach records. */
function play(cards: string, actions: PlayerAction[], options: TableOptions & { bank?: number; bet?: number } = {}) {
  const bank = options.bank ?? 1_000_000;
  const table = new Table(cards, { ...options, bank });
  table.deal(options.bet ?? 1000, { handId: 'h-1' });
  for (const a of actions) table.act(a);
  let state: CoachState = initialCoachState;
  const deviations: CoachDeviation[] = [];
  let summary: CoachHandSummary | null = null;
  for (const event of [deposit(bank), ...(table.history as AccountEvent[])]) {
    const out = coach(state, event);
    state = out.state;
    if (out.deviation) deviations.push(out.deviation);
    if (out.settled) summary = out.settled;
  }
  return { deviations, summary, state, table };
}

const at = (cards: number[], up: number) => playValues({ rules: rulesForLevel(0), dealerUp: up, cards, fromSplit: false, handCount: 1, pendingPairs: 0 });

describe('the strategy coach', () => {
  it('standing on hard 16 against a 10 differs from the chart (hit) and gives away 0.0006 of the bet', () => {
    const { deviations, summary } = play('T T 6 7', ['Stand']);
    const v = at([10, 6], 10);
    expect(deviations).toEqual([
      {
        handId: 'h-1', seq: 1, handIndex: 0, cards: [10, 6], total: 16, soft: false, dealerUp: 10, action: 'Stand', recommended: 'Hit', stake: 1000,
        evAction: v.Stand, evRecommended: v.Hit, costMsat: Math.round((v.Hit! - v.Stand!) * 1_000_000),
      },
    ]);
    expect(deviations[0]!.costMsat).toBe(604);
    expect(summary).toEqual({ handId: 'h-1', level: 0, bet: 1000, decisions: 1, deviations: 1, costMsat: 604 });
  });

  it('hitting hard 17 against a 6 gives away about half the bet: 513 sats of a 1,000 sat bet', () => {
    const { deviations, summary } = play('T 6 7 T 2 5', ['Hit', 'Stand']);
    expect(deviations).toHaveLength(1);
    expect(deviations[0]).toMatchObject({ action: 'Hit', recommended: 'Stand', total: 17, dealerUp: 6 });
    expect(Math.round(deviations[0]!.costMsat / 1000)).toBe(513);
    // The stand on 19 that followed agreed with the chart: two decisions, one deviation.
    expect(summary).toMatchObject({ decisions: 2, deviations: 1 });
  });

  it('a hand played by the chart records its decisions and no deviation', () => {
    const { deviations, summary } = play('T T 6 7 3', ['Hit', 'Stand']);
    expect(deviations).toEqual([]);
    expect(summary).toMatchObject({ decisions: 2, deviations: 0, costMsat: 0 });
  });

  it('taking insurance costs 1/13 of the insurance; declining even money is the chart', () => {
    const insured = play('T A 6 7', ['Insurance', 'Stand'], { bet: 1000 });
    expect(insured.deviations[0]).toMatchObject({ action: 'Insurance', recommended: 'NoInsurance', seq: 1, costMsat: Math.round((500 / 13) * 1000) });
    const even = play('A A T 7', ['EvenMoney']);
    expect(even.deviations[0]).toMatchObject({ action: 'EvenMoney', recommended: 'NoEvenMoney', costMsat: Math.round((1000 / 26) * 1000) });
    expect(play('A A T 7', ['NoEvenMoney']).deviations).toEqual([]);
  });

  it('judges a play among what the bank allowed then: a hit where the chart doubles is no deviation when the bank could not double', () => {
    // 11 against a 6; with 1,000 in the bank after the bet there is no double.
    expect(play('6 6 5 T 5', ['Hit'], { bank: 1000 }).deviations).toEqual([]);
    expect(play('6 6 5 T 5', ['Hit'], { bank: 1_000_000 }).deviations[0]).toMatchObject({ action: 'Hit', recommended: 'Double' });
  });

  it('judges each split hand with its own cards, and values a split against hitting a pair', () => {
    // 8 8 against a 10: standing instead of splitting.
    const kept = play('8 T 8 7', ['Stand']);
    const v = at([8, 8], 10);
    expect(kept.deviations[0]).toMatchObject({ action: 'Stand', recommended: 'Split', evRecommended: v.Split, evAction: v.Stand });
    // Split, then the first hand (8 3 = 11 v 10) hits instead of doubling (a ten: 21), the second (8 9 = 17) stands.
    const split = play('8 T 8 7 3 9 T', ['Split', 'Hit', 'Stand']);
    expect(split.summary).toMatchObject({ decisions: 3, deviations: 1 });
    expect(split.deviations.map((d) => [d.seq, d.handIndex, d.cards, d.action, d.recommended])).toEqual([[2, 0, [8, 3], 'Hit', 'Double']]);
  });

  it('counts nothing for a hand with no choice (a blackjack against a 10)', () => {
    const { summary } = play('A T T 7', []);
    expect(summary).toMatchObject({ decisions: 0, deviations: 0, costMsat: 0 });
  });
});
