import { MersenneTwister } from '../fairness/mt19937';
import { BASE_RULES, LEVEL_RULES, type HandRules } from './rules';
import { dealerDistribution, evenMoneyValues, INSURANCE_VALUE, playValues, standValue, type Position } from './expected-value';

/*
 * The coach's figures on positions built by hand: against the published infinite-deck values, and
 * against a second computation that owes nothing to the recursion, a simulation that draws cards one by
 * one from an infinite deck (MT19937 with a fixed seed, so the run is the same every time).
 */

const A = 1;
const T = 10;
const at = (cards: number[], dealerUp: number, rules: HandRules = BASE_RULES, split?: { handCount: number; pendingPairs: number }): Position => ({
  rules,
  dealerUp,
  cards,
  fromSplit: split !== undefined,
  handCount: split?.handCount ?? 1,
  pendingPairs: split?.pendingPairs ?? 0,
});

/** An infinite deck: every draw is an ace … 9 with probability 1/13 each, a ten-value with 4/13. */
class InfiniteDeck {
  private readonly mt = new MersenneTwister();
  constructor(seed: number) {
    this.mt.seedByArray([seed]);
  }
  draw(): number {
    const r = this.mt.randBelow(13) + 1;
    return r > 10 ? 10 : r;
  }
}

const scoreOf = (cards: readonly number[]) => {
  const hard = cards.reduce((a, b) => a + b, 0);
  return cards.includes(1) && hard <= 11 ? hard + 10 : hard;
};

/** The dealer plays out from the up card; the hole card is redrawn while it would make blackjack (the peek). */
function dealerFinal(deck: InfiniteDeck, up: number, hitsSoft17: boolean): number {
  let hole = deck.draw();
  while ((up === A && hole === T) || (up === T && hole === A)) hole = deck.draw();
  const cards = [up, hole];
  for (;;) {
    const hard = cards.reduce((a, b) => a + b, 0);
    const score = scoreOf(cards);
    const soft = cards.includes(1) && hard <= 11;
    if (score > 17 || (score === 17 && !(hitsSoft17 && soft))) return score;
    cards.push(deck.draw());
  }
}

/** One hand standing on `cards` against the dealer: +1, 0 or −1. */
function settle(cards: readonly number[], dealer: number): number {
  const score = scoreOf(cards);
  if (score > 21) return -1;
  if (dealer > 21 || score > dealer) return 1;
  return score === dealer ? 0 : -1;
}

/** Mean and standard error of `trials` draws of `one()`. */
function simulate(trials: number, one: () => number): { mean: number; se: number } {
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < trials; i++) {
    const x = one();
    sum += x;
    squares += x * x;
  }
  const mean = sum / trials;
  return { mean, se: Math.sqrt((squares / trials - mean * mean) / trials) };
}

/** Within five standard errors of the simulation (a false alarm about once in 1.7 million runs; the seed is fixed anyway). */
function agrees(value: number, sim: { mean: number; se: number }) {
  expect(Math.abs(value - sim.mean)).toBeLessThan(5 * sim.se + 1e-9);
}

const TRIALS = 300_000;
/** A split hand asks the model for every decision, so fewer of them. */
const SPLIT_TRIALS = 150_000;

describe('the dealer (infinite deck, hits soft 17, peeked)', () => {
  it('ends on 17–21 or busts, with probabilities summing to one', () => {
    for (let up = 1; up <= 10; up++) {
      const d = dealerDistribution(up, true);
      expect(d.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    }
  });

  it('matches the published ten-up figures once a blackjack is ruled out (17: 0.1114, 20: 0.3422, bust: 0.2121 of all hands)', () => {
    const d = dealerDistribution(T, true);
    const noBlackjack = 12 / 13;
    expect(d[0] * noBlackjack).toBeCloseTo(0.1114, 4);
    expect(d[3] * noBlackjack).toBeCloseTo(0.3422, 4);
    expect(d[5] * noBlackjack).toBeCloseTo(0.2121, 4);
  });

  it.each([2, 6, 7, A])('with %s up agrees with a simulated dealer', (up) => {
    const d = dealerDistribution(up, true);
    const deck = new InfiniteDeck(up);
    const sim = simulate(TRIALS, () => (dealerFinal(deck, up, true) > 21 ? 1 : 0));
    agrees(d[5], sim);
  });

  it('busts more often with a 6 up when it hits soft 17 than when it stands', () => {
    expect(dealerDistribution(6, true)[5]).toBeGreaterThan(dealerDistribution(6, false)[5]);
  });
});

describe('published infinite-deck values (H17, given no dealer blackjack)', () => {
  it('hard 16 v 10: standing −0.5404, hitting −0.5398, so standing gives away 0.0006 of a bet', () => {
    const v = playValues(at([T, 6], T));
    expect(v.Stand).toBeCloseTo(-0.5404, 4);
    expect(v.Hit).toBeCloseTo(-0.5398, 4);
    expect(v.Hit! - v.Stand!).toBeCloseTo(0.0006, 4);
  });

  it('hard 17 v 6: standing −0.0062, hitting −0.5193: a hit gives away 0.513 of a bet', () => {
    const v = playValues(at([T, 7], 6));
    expect(v.Stand).toBeCloseTo(-0.0062, 4);
    expect(v.Hit).toBeCloseTo(-0.5193, 4);
    expect(v.Stand! - v.Hit!).toBeCloseTo(0.5131, 4);
  });

  it('11 v 6 doubles for +0.665 against +0.332 for a hit', () => {
    const v = playValues(at([6, 5], 6));
    expect(v.Double).toBeCloseTo(0.6647, 4);
    expect(v.Hit).toBeCloseTo(0.3323, 4);
  });

  it('the value of a position depends on the total, not on how it was made (infinite deck)', () => {
    const two = playValues(at([T, 6], T));
    for (const cards of [[5, 5, 6], [4, 4, 4, 4], [A, 5, T]]) {
      const more = playValues(at(cards, T), ['Hit', 'Stand']);
      expect(more.Stand).toBeCloseTo(two.Stand!, 12);
      expect(more.Hit).toBeCloseTo(two.Hit!, 12);
    }
  });
});

describe('against a simulation that draws every card', () => {
  it('hard 16 v 10, standing and hitting once (every total after one card stands against a 10)', () => {
    const v = playValues(at([T, 6], T));
    const stand = new InfiniteDeck(16);
    agrees(v.Stand!, simulate(TRIALS, () => settle([T, 6], dealerFinal(stand, T, true))));
    const hit = new InfiniteDeck(17);
    agrees(
      v.Hit!,
      simulate(TRIALS, () => {
        const cards = [T, 6, hit.draw()];
        return scoreOf(cards) > 21 ? -1 : settle(cards, dealerFinal(hit, T, true));
      }),
    );
  });

  it('hard 17 v 6, standing and hitting once', () => {
    const v = playValues(at([T, 7], 6));
    const deck = new InfiniteDeck(6);
    agrees(v.Stand!, simulate(TRIALS, () => settle([T, 7], dealerFinal(deck, 6, true))));
    agrees(
      v.Hit!,
      simulate(TRIALS, () => {
        const cards = [T, 7, deck.draw()];
        return scoreOf(cards) > 21 ? -1 : settle(cards, dealerFinal(deck, 6, true));
      }),
    );
  });

  it('doubling 11 v 6 and doubling soft 18 v 3', () => {
    const deck = new InfiniteDeck(11);
    agrees(playValues(at([6, 5], 6)).Double!, simulate(TRIALS, () => 2 * settle([6, 5, deck.draw()], dealerFinal(deck, 6, true))));
    agrees(playValues(at([A, 7], 3)).Double!, simulate(TRIALS, () => 2 * settle([A, 7, deck.draw()], dealerFinal(deck, 3, true))));
  });

  /**
   * A split played card by card: hands in a queue, each dealt its second card; a pair is resplit while
   * fewer than `maxHands` hands are out (always worth it for eights against a ten); every other decision
   * takes the play the model values most (hit, stand or double), so this checks the split's bookkeeping —
   * how many hands, how many pairs — and the play-on values by sampling.
   */
  function playSplit(deck: InfiniteDeck, pair: number, up: number, rules: HandRules): number {
    const hands: number[][] = [
      [pair, deck.draw()],
      [pair, deck.draw()],
    ];
    let total = 0;
    const finals: { cards: number[]; stake: number }[] = [];
    for (let i = 0; i < hands.length; i++) {
      const cards = hands[i]!;
      while (cards.length === 2 && cards[1] === pair && hands.length < rules.maxHands && (pair !== A || rules.resplitAces)) {
        cards[1] = deck.draw();
        hands.push([pair, deck.draw()]);
      }
      let stake = 1;
      for (;;) {
        if (scoreOf(cards) >= 21) break;
        if (pair === A && !rules.hitSplitAces && !(rules.doubleSplitAces && rules.doubleAfterSplit)) break;
        const v = playValues({ rules, dealerUp: up, cards, fromSplit: true, handCount: hands.length, pendingPairs: 0 }, cards.length === 2 ? ['Hit', 'Stand', 'Double'] : ['Hit', 'Stand']);
        const bestPlay = (Object.entries(v) as [string, number][]).sort((a, b) => b[1] - a[1])[0]![0];
        if (bestPlay === 'Stand') break;
        cards.push(deck.draw());
        if (bestPlay === 'Double') {
          stake = 2;
          break;
        }
      }
      finals.push({ cards, stake });
    }
    const dealer = dealerFinal(deck, up, rules.dealerHitsSoft17);
    for (const f of finals) total += f.stake * (scoreOf(f.cards) > 21 ? -1 : settle(f.cards, dealer));
    return total;
  }

  it('splitting eights against a ten, resplitting to four hands', () => {
    const v = playValues(at([8, 8], T));
    const deck = new InfiniteDeck(88);
    agrees(v.Split!, simulate(SPLIT_TRIALS, () => playSplit(deck, 8, T, BASE_RULES)));
    // Splitting gives back about six hundredths of a bet over hitting.
    expect(v.Split! - v.Hit!).toBeCloseTo(0.0591, 3);
  });

  it('splitting nines against a 9, and aces against a 6 at the base level (one card each, no resplit)', () => {
    const nines = new InfiniteDeck(99);
    agrees(playValues(at([9, 9], 9)).Split!, simulate(SPLIT_TRIALS, () => playSplit(nines, 9, 9, BASE_RULES)));
    const aces = new InfiniteDeck(111);
    agrees(playValues(at([A, A], 6)).Split!, simulate(SPLIT_TRIALS, () => playSplit(aces, A, 6, BASE_RULES)));
  });

  it('insurance: −1/13 of the amount insured; even money gives away 1/26 of the bet', () => {
    const deck = new InfiniteDeck(13);
    agrees(INSURANCE_VALUE, simulate(TRIALS, () => (deck.draw() === T ? 2 : -1)));
    expect(INSURANCE_VALUE).toBeCloseTo(-1 / 13, 12);
    const { take, decline } = evenMoneyValues(10_000);
    expect(take).toBe(10_000);
    expect(decline).toBeCloseTo((9 / 13) * 15_000, 6);
    expect(decline - take).toBeCloseTo(10_000 / 26, 6);
  });
});

describe('what the levels change', () => {
  it('hitting split aces (level 3) makes the split worth more than one card each (level 0)', () => {
    expect(playValues(at([A, A], 6, LEVEL_RULES[3])).Split!).toBeGreaterThan(playValues(at([A, A], 6, LEVEL_RULES[0])).Split! + 0.3);
  });

  it('a resplit of aces (level 1) is worth something; at level 0 an ace on a split ace simply stands', () => {
    const l0 = playValues(at([A, A], 6, LEVEL_RULES[0])).Split!;
    const l1 = playValues(at([A, A], 6, LEVEL_RULES[1])).Split!;
    expect(l1).toBeGreaterThan(l0);
  });

  it('a six-card Charlie (level 4) makes hitting a five-card 16 win for sure unless it busts', () => {
    const v = playValues(at([2, 3, 2, 4, 5], T, LEVEL_RULES[4]), ['Hit', 'Stand']);
    // Hit: 5 cards make 17-21 (the six-card hand wins at once), 6-10 bust.
    expect(v.Hit).toBeCloseTo(5 / 13 - 8 / 13, 12);
    expect(v.Stand).toBeCloseTo(standValue(16, T, LEVEL_RULES[4]), 12);
  });

  it('a post-split pair with no hands left to split into plays on as a pair', () => {
    const last = playValues(at([8, 8], T, BASE_RULES, { handCount: 4, pendingPairs: 0 }), ['Hit', 'Stand', 'Double']);
    expect(last.Split).toBeUndefined();
    expect(last.Hit).toBeCloseTo(playValues(at([T, 6], T)).Hit!, 12);
  });

  it('a resplit made while another pair waits counts what it takes from that pair', () => {
    const alone = playValues(at([8, 8], T, BASE_RULES, { handCount: 3, pendingPairs: 0 })).Split!;
    const waiting = playValues(at([8, 8], T, BASE_RULES, { handCount: 3, pendingPairs: 1 })).Split!;
    // With three hands out, this resplit uses the last hand the waiting pair could have split into.
    expect(waiting).toBeLessThan(alone);
  });
});
