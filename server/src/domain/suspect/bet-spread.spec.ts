import { shuffleShoe } from '@bahati/contracts';
import type { AccountEvent } from '../account/account';
import { Table } from '../hand/hand.test-support';
import { CARD_VALUE, SHOE_SIZE } from '@bahati/contracts';
import { detect, initialSuspectState, type SuspectRecord, type SuspectState } from './detect';

const PLAYER_SEED = 'AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyA=';
/** Shoe n's house seed: 32 bytes that differ per shoe, so every shoe is its own deterministic order. */
const houseSeed = (n: number) => Buffer.from(Array.from({ length: 32 }, (_, i) => (n * 31 + i * 7 + 11) & 0xff)).toString('base64');
const HANDS_PER_SHOE = 4;
const hiLo = (card: number) => {
  const v = CARD_VALUE[card]!;
  return v >= 2 && v <= 6 ? 1 : v === 1 || v === 10 ? -1 : 0;
};

type Bettor = (trueCount: number, hand: number) => number;

/**
 * `shoes` shoes of four hands each, dealt from real shuffles: the player stands on every hand (declining
 * insurance and even money) and bets what `bettor` picks from the Hi-Lo true count of the cards shown so far.
 */
function session(shoes: number, bettor: Bettor): AccountEvent[] {
  const events: AccountEvent[] = [];
  let handNo = 0;
  for (let s = 0; s < shoes; s++) {
    const cards = shuffleShoe(PLAYER_SEED, houseSeed(s));
    const table = new Table(cards, { bank: 100_000_000 });
    let runningCount = 0;
    let seen = 0;
    for (let h = 0; h < HANDS_PER_SHOE; h++) {
      const trueCount = runningCount / ((SHOE_SIZE - seen) / 52);
      const from = table.history.length;
      table.deal(bettor(trueCount, handNo), { handId: `hand-${handNo++}` });
      for (let step = 0; step < 10 && table.state.phase !== 'Settled'; step++) {
        const allowed = table.allowed();
        table.act(allowed.includes('NoInsurance') ? 'NoInsurance' : allowed.includes('NoEvenMoney') ? 'NoEvenMoney' : 'Stand');
      }
      const played = table.history.slice(from).map((e) => (e.type === 'HandStarted' ? { ...e, data: { ...e.data, shoeId: `shoe-${s}` } } : e));
      events.push(...(played as AccountEvent[]));
      const shown = [...table.state.dealer.cards, ...table.state.player.flatMap((p) => p.cards)];
      runningCount += shown.reduce((sum, c) => sum + hiLo(c), 0);
      seen += shown.length;
    }
  }
  return events;
}

function betDeviations(events: readonly AccountEvent[]): SuspectRecord[] {
  let state: SuspectState = { ...initialSuspectState, bank: 100_000_000 };
  const records: SuspectRecord[] = [];
  events.forEach((event, i) => {
    const out = detect(state, event, new Date(Date.UTC(2026, 2, 1) + i * 3_000).toISOString());
    state = out.state;
    records.push(...out.records);
  });
  return records.filter((r) => r.reason === 'BetDeviation');
}

describe('bet deviation over real shoes (Hi-Lo true count)', () => {
  const shoes = 15; // 60 hands

  it('a bettor who spreads 1,000 / 10,000 / 25,000 by the true count is flagged within 60 hands', () => {
    const counter: Bettor = (tc) => (tc < 0.5 ? 1_000 : tc < 1 ? 10_000 : 25_000);
    expect(betDeviations(session(shoes, counter))).toEqual([expect.objectContaining({ suspectChange: 10, expectedAction: null, handId: expect.any(String) })]);
  });

  it('a bettor who raises only at a true count of 1 and 2 is flagged once the raises add up', () => {
    const counter: Bettor = (tc) => (tc < 1 ? 1_000 : tc < 2 ? 10_000 : 25_000);
    expect(betDeviations(session(2 * shoes, counter)).length).toBeGreaterThanOrEqual(1);
  });

  it('a flat bettor is not', () => {
    expect(betDeviations(session(shoes, () => 1_000))).toEqual([]);
  });

  it('bettors who vary the bet without regard to the count are not: 40 of them, 240 hands each', () => {
    const flagged: number[] = [];
    for (let seed = 1; seed <= 40; seed++) {
      let x = seed * 2654435761;
      const rand = () => ((x = (x * 1103515245 + 12345) & 0x7fffffff), x / 0x7fffffff);
      const chips = [1_000, 10_000, 25_000];
      // Half raise now and then from the minimum, half spread evenly over the three.
      const blind: Bettor = seed % 2 === 0 ? () => (rand() < 0.85 ? 1_000 : chips[1 + Math.floor(rand() * 2)]!) : () => chips[Math.floor(rand() * 3)]!;
      if (betDeviations(session(4 * shoes, blind)).length > 0) flagged.push(seed);
    }
    expect(flagged).toEqual([]);
  });
});
