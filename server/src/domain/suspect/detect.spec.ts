import type { AccountEvent } from '../account/account';
import { Table } from '../hand/hand.test-support';
import type { PlayerAction } from '../hand/decide';
import { correlation, detect, initialSuspectState, rankCorrelation, ranks, type SuspectRecord, type SuspectState } from './detect';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');

/** Runs events through the detector, `stepMs` apart, starting from a funded bank. */
function replay(events: readonly AccountEvent[], stepMs = 1000, start: SuspectState = { ...initialSuspectState, bank: 10_000_000 }) {
  let state = start;
  const records: SuspectRecord[] = [];
  events.forEach((event, i) => {
    const out = detect(state, event, new Date(T0 + i * stepMs).toISOString());
    state = out.state;
    records.push(...out.records);
  });
  return { state, records };
}

/** One hand on a crafted shoe ("A K 9 7": player, dealer up, player, dealer hole, then draws). */
function hand(cards: string, ...actions: PlayerAction[]): AccountEvent[] {
  const table = new Table(cards);
  table.deal(1000);
  for (const a of actions) table.act(a);
  return table.history as AccountEvent[];
}

describe('suspect detection', () => {
  it('hitting a hard 20 is a play deviation: basic strategy stands', () => {
    const { records } = replay(hand('T 6 T 9 2 T', 'Hit'));
    expect(records).toEqual([
      expect.objectContaining({ reason: 'PlayDeviation', playerHandValue: 20, dealerHandValue: 6, expectedAction: 'Stand', actualAction: 'Hit', suspectChange: 1 }),
    ]);
  });

  it('standing on a hard 8 is a play deviation: basic strategy hits', () => {
    const { records } = replay(hand('5 T 3 9', 'Stand'));
    expect(records).toEqual([expect.objectContaining({ reason: 'PlayDeviation', playerHandValue: 8, dealerHandValue: 10, expectedAction: 'Hit', actualAction: 'Stand' })]);
  });

  it('play by the book raises nothing, win or lose', () => {
    expect(replay(hand('T 7 T T', 'Stand')).records).toEqual([]);
    expect(replay(hand('T 9 6 T 5', 'Hit')).records).toEqual([]);
    expect(replay(hand('6 5 5 T 9 T', 'Double')).records).toEqual([]);
  });

  it('one record per deviating decision', () => {
    // 12 v 2: hitting is the book; 15 v 2 should stand, so the second hit is the one deviation.
    const { records } = replay(hand('T 2 2 T 3 5', 'Hit', 'Hit'));
    expect(records.filter((r) => r.reason === 'PlayDeviation').map((r) => [r.playerHandValue, r.expectedAction, r.actualAction])).toEqual([[15, 'Stand', 'Hit']]);
  });

  it('a deviating hand that then wins is also recorded as a win after deviation', () => {
    // Hard 20 v 10, hit, draws an ace for 21 (which stands by itself); the dealer stands on 19.
    const { records } = replay(hand('T T T 9 A', 'Hit'));
    expect(records.map((r) => r.reason)).toEqual(['PlayDeviation', 'WinAfterPlayDeviation']);
    expect(records[1]).toEqual(expect.objectContaining({ playerHandValue: 21, dealerHandValue: 19, suspectChange: 3 }));
  });

  it('a deviating hand that loses is only the deviation', () => {
    const { records } = replay(hand('T T T 9 5', 'Hit'));
    expect(records.map((r) => r.reason)).toEqual(['PlayDeviation']);
  });

  it('doubling is judged against what the bank allowed: no double to be had, hitting 11 is the book', () => {
    const events = hand('6 5 5 T 9', 'Hit');
    expect(replay(events, 1000, { ...initialSuspectState, bank: 1000 }).records).toEqual([]);
    expect(replay(events).records).toEqual([expect.objectContaining({ expectedAction: 'Double', actualAction: 'Hit' })]);
  });

  it('a bot playing 30 hands in a minute trips rate of play once; a person at a hand every 5 s does not', () => {
    const session = Array.from({ length: 30 }, () => hand('T 7 T T', 'Stand'));
    const perHand = session[0]!.length;
    const bot = replay(session.flat(), 2000 / perHand);
    expect(bot.records.map((r) => r.reason)).toEqual(['RateOfPlay']);
    expect(bot.records[0]).toEqual(expect.objectContaining({ suspectChange: 5, handId: expect.any(String) }));
    expect(replay(session.flat(), 5000 / perHand).records).toEqual([]);
  });

  it('replaying the same events gives the same records', () => {
    const events = [...hand('T T T 9 A', 'Hit'), ...hand('5 T 3 9', 'Stand')];
    expect(replay(events)).toEqual(replay(events));
  });

  describe('bet deviation (betting with the count)', () => {
    /** A shoe of two hands: the first shows only low cards, so the count rises before the second. */
    function shoePair(n: number, secondBet: number): AccountEvent[] {
      const shoeId = `shoe-${n}`;
      const retag = (events: AccountEvent[], handId: string, bet: number) =>
        events.map((e) => {
          const data = { ...(e.data as object), handId } as Record<string, unknown>;
          if (e.type === 'HandStarted') Object.assign(data, { shoeId, bet });
          return { ...e, data } as AccountEvent;
        });
      // Hi-Lo +4 shown: T 6 9 5, then the dealer draws 2 3 4.
      const low = retag(hand('T 6 9 5 2 3 4', 'Stand'), `h-${n}-1`, 1000);
      const next = retag(hand('T 7 T T', 'Stand'), `h-${n}-2`, secondBet);
      return [...low, ...next];
    }

    it('bets that rise with the true count over the window are recorded once per window', () => {
      const counter = Array.from({ length: 25 }, (_, n) => shoePair(n, 50_000)).flat();
      const { records } = replay(counter);
      expect(records.filter((r) => r.reason === 'BetDeviation')).toEqual([expect.objectContaining({ suspectChange: 10, expectedAction: null })]);
    });

    it('a flat bettor is never recorded', () => {
      const flat = Array.from({ length: 25 }, (_, n) => shoePair(n, 1000)).flat();
      expect(replay(flat).records.filter((r) => r.reason === 'BetDeviation')).toEqual([]);
    });
  });

  it('ranks share ties, and rank correlation sees a step rise as a rise', () => {
    expect(ranks([1000, 1000, 25_000, 10_000])).toEqual([1.5, 1.5, 4, 3]);
    expect(rankCorrelation([1, 1, 5, 5], [-2, -1, 1, 3])).toBeCloseTo(0.894, 3);
    expect(rankCorrelation([1, 1, 1], [1, 2, 3])).toBe(0);
  });

  it('correlation is 0 when a side does not vary', () => {
    expect(correlation([1, 1, 1], [1, 2, 3])).toBe(0);
    expect(correlation([1, 2, 3], [2, 4, 6])).toBeCloseTo(1);
    expect(correlation([1, 2, 3], [6, 4, 2])).toBeCloseTo(-1);
  });
});
