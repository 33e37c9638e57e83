import type { HandActionName } from '../hand-actions';
import type { HandRules } from './rules';

/*
 * The expected value of each play, for the strategy coach. Plain TypeScript (no zod, no Node), shared by
 * the server (the coach read model) and anything else that wants the figures.
 *
 * THE MODEL: an infinite deck. Every card drawn is an ace, 2, …, 9 with probability 1/13 each and a
 * ten-value with probability 4/13, whatever was dealt before. Within that model the figures are exact:
 *
 * - the dealer's final total (17–21 or bust) follows the hand's rules (hits soft 17 or not) and the
 *   American peek: with an ace or a ten-value up the dealer has checked for blackjack before the player
 *   acts, so the hole card is drawn given that it does not make a blackjack;
 * - standing compares the player's total with that distribution; a hand of `charlie` cards that has not
 *   busted wins at once (levels with a Charlie rule);
 * - hitting takes every card with its probability and then plays on in the best way (recursively);
 *   doubling draws exactly one card for twice the stake;
 * - splitting plays every hand it makes in the best way, resplitting to `maxHands` when that is worth
 *   more (the expected number of hands and of pairs met is worked out exactly, not approximated),
 *   with the rules' limits on split aces (one card each unless `hitSplitAces`, double only with
 *   `doubleSplitAces`, resplit only with `resplitAces`) and double after split;
 * - every value is in units of the hand's bet: +1 wins the bet, −1 loses it, a double's outcomes count
 *   twice; a split counts every hand it makes.
 *
 * Later decisions are assumed to be played in the best way and always affordable. The real shoe is four
 * decks, so a figure differs a little from the shoe's own odds (by a few thousandths of a bet for the
 * usual plays): it is an approximation of the shoe, never a prediction of its next card.
 */

/** Probability of drawing a card of each value (index 1 = ace … 10 = ten-value) from an infinite deck. */
export const CARD_PROBABILITY: readonly number[] = Object.freeze([0, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 4 / 13]);

/** The dealer's final totals: index 0–4 for 17–21, 5 for a bust. */
export type DealerDistribution = readonly [number, number, number, number, number, number];

const best = (hard: number, ace: boolean) => (ace && hard <= 11 ? hard + 10 : hard);

/** The rules the figures depend on. */
export type ValueRules = Pick<
  HandRules,
  'dealerHitsSoft17' | 'doubleAfterSplit' | 'doubleAnyCards' | 'maxHands' | 'resplitAces' | 'hitSplitAces' | 'doubleSplitAces' | 'charlie'
>;

function dealerMustHit(hard: number, ace: boolean, hitsSoft17: boolean): boolean {
  const score = best(hard, ace);
  return score < 17 || (score === 17 && hitsSoft17 && ace && hard <= 11);
}

/**
 * The distribution of the dealer's final total with `up` showing (a value, 1 for an ace). `peeked`: the
 * dealer has checked the hole card, so with an ace or a ten-value up it is known not to make blackjack.
 */
export function dealerDistribution(up: number, hitsSoft17: boolean, peeked = true): DealerDistribution {
  const memo = new Map<number, number[]>();
  const from = (hard: number, ace: boolean): number[] => {
    const key = hard * 2 + (ace ? 1 : 0);
    const known = memo.get(key);
    if (known) return known;
    const out = [0, 0, 0, 0, 0, 0];
    if (!dealerMustHit(hard, ace, hitsSoft17)) {
      const score = best(hard, ace);
      out[score > 21 ? 5 : score - 17] = 1;
    } else {
      for (let c = 1; c <= 10; c++) {
        const next = from(hard + c, ace || c === 1);
        for (let i = 0; i < 6; i++) out[i] += CARD_PROBABILITY[c] * next[i];
      }
    }
    memo.set(key, out);
    return out;
  };
  const out = [0, 0, 0, 0, 0, 0];
  let total = 0;
  for (let hole = 1; hole <= 10; hole++) {
    const blackjack = (up === 1 && hole === 10) || (up === 10 && hole === 1);
    if (blackjack && peeked) continue;
    const p = CARD_PROBABILITY[hole];
    total += p;
    if (blackjack) {
      out[4] += p;
      continue;
    }
    const next = from(up + hole, up === 1 || hole === 1);
    for (let i = 0; i < 6; i++) out[i] += p * next[i];
  }
  return out.map((x) => x / total) as unknown as DealerDistribution;
}

/** The probability that the dealer's hole card makes blackjack, before the peek. */
export function dealerBlackjackChance(up: number): number {
  return up === 1 ? CARD_PROBABILITY[10] : up === 10 ? CARD_PROBABILITY[1] : 0;
}

/** A decision as the coach sees it: the hand in play, the dealer's up card and where the hand stands among split hands. */
export interface Position {
  readonly rules: ValueRules;
  /** The dealer's up card value, 1 for an ace. */
  readonly dealerUp: number;
  /** The values of the hand's cards (ace 1, faces 10). */
  readonly cards: readonly number[];
  /** The hand was made by a split (no blackjack; double only after split rules). */
  readonly fromSplit: boolean;
  /** Hands on the table now (1 before any split). */
  readonly handCount: number;
  /** Later hands, not played yet, that hold the same pair of two cards (they may resplit too). */
  readonly pendingPairs: number;
}

/** A play and its expected value in bets. */
export type PlayValues = Partial<Record<'Hit' | 'Stand' | 'Double' | 'Split', number>>;

/** Expected values for one set of rules and one dealer up card, worked out once and kept. */
class Model {
  private readonly dealer: DealerDistribution;
  private readonly standMemo = new Map<number, number>();
  private readonly bestMemo = new Map<number, number>();
  private readonly splitMemo = new Map<number, { nonPair: number; pairPlay: number }>();
  /** The most cards that matter: the Charlie count, else 3 (two cards may double, more only with doubleAnyCards). */
  private readonly cardCap: number;

  constructor(
    readonly rules: ValueRules,
    readonly up: number,
  ) {
    this.dealer = dealerDistribution(up, rules.dealerHitsSoft17, true);
    this.cardCap = rules.charlie > 0 ? rules.charlie : 3;
  }

  /** Standing on a total (≤ 21) against the dealer's final total. */
  standScore(score: number): number {
    const known = this.standMemo.get(score);
    if (known !== undefined) return known;
    const d = this.dealer;
    let ev = d[5];
    for (let i = 0; i < 5; i++) {
      const dealer = 17 + i;
      if (score > dealer) ev += d[i];
      else if (score < dealer) ev -= d[i];
    }
    this.standMemo.set(score, ev);
    return ev;
  }

  private charlie(count: number): boolean {
    return this.rules.charlie > 0 && count >= this.rules.charlie;
  }

  /** A hand that takes no more cards: bust, Charlie or its total against the dealer. */
  private finished(hard: number, ace: boolean, count: number): number {
    if (hard > 21) return -1;
    if (this.charlie(count)) return 1;
    return this.standScore(best(hard, ace));
  }

  stand(hard: number, ace: boolean, count: number): number {
    return this.finished(hard, ace, count);
  }

  hit(hard: number, ace: boolean, count: number): number {
    let ev = 0;
    for (let c = 1; c <= 10; c++) ev += CARD_PROBABILITY[c] * this.after(hard + c, ace || c === 1, count + 1);
    return ev;
  }

  double(hard: number, ace: boolean, count: number): number {
    let ev = 0;
    for (let c = 1; c <= 10; c++) ev += CARD_PROBABILITY[c] * this.finished(hard + c, ace || c === 1, count + 1);
    return 2 * ev;
  }

  /** The hand after a hit: over unless it is under 21 and short of Charlie, else the best of what may follow. */
  private after(hard: number, ace: boolean, count: number): number {
    if (hard > 21 || this.charlie(count) || best(hard, ace) >= 21) return this.finished(hard, ace, count);
    return this.playOn(hard, ace, count);
  }

  /** The best of stand, hit and (with doubleAnyCards) double, on a hand of three or more cards. */
  private playOn(hard: number, ace: boolean, count: number): number {
    const n = Math.min(count, this.cardCap);
    const key = (hard * 2 + (ace ? 1 : 0)) * 16 + n;
    const known = this.bestMemo.get(key);
    if (known !== undefined) return known;
    let ev = Math.max(this.stand(hard, ace, count), this.hit(hard, ace, count));
    if (this.rules.doubleAnyCards) ev = Math.max(ev, this.double(hard, ace, count));
    this.bestMemo.set(key, ev);
    return ev;
  }

  /** The plays a two-card hand made by splitting `pair` may take, besides a resplit. */
  postSplitPlays(pair: number, other: number): PlayValues {
    const hard = pair + other;
    const ace = pair === 1 || other === 1;
    if (best(hard, ace) >= 21) return { Stand: this.stand(hard, ace, 2) };
    const plays: PlayValues = { Stand: this.stand(hard, ace, 2) };
    const aces = pair === 1;
    if (!aces || this.rules.hitSplitAces) plays.Hit = this.hit(hard, ace, 2);
    if (this.rules.doubleAfterSplit && (!aces || this.rules.doubleSplitAces)) plays.Double = this.double(hard, ace, 2);
    return plays;
  }

  /** A split hand of `pair` and a card of another value, played in the best way; and the pair itself, kept. */
  private splitParts(pair: number): { nonPair: number; pairPlay: number } {
    const known = this.splitMemo.get(pair);
    if (known) return known;
    let nonPair = 0;
    for (let c = 1; c <= 10; c++) if (c !== pair) nonPair += CARD_PROBABILITY[c] * maxOf(this.postSplitPlays(pair, c));
    nonPair /= 1 - CARD_PROBABILITY[pair];
    const parts = { nonPair, pairPlay: maxOf(this.postSplitPlays(pair, pair)) };
    this.splitMemo.set(pair, parts);
    return parts;
  }

  /**
   * What `pending` hands holding the pair (two cards each, not yet played) are worth with `hands` on the
   * table, each resplit when that is worth more: hands are independent in an infinite deck, so the
   * value depends only on how many hands there are and how many pairs wait.
   */
  pendingValue(pair: number, hands: number, pending: number, memo = new Map<number, number>()): number {
    if (pending === 0) return 0;
    const { pairPlay } = this.splitParts(pair);
    if (hands >= this.rules.maxHands || (pair === 1 && !this.rules.resplitAces)) return pending * pairPlay;
    const key = hands * 16 + pending;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const keep = pairPlay + this.pendingValue(pair, hands, pending - 1, memo);
    const resplit = this.resplitValue(pair, hands, pending - 1, memo);
    const value = Math.max(keep, resplit);
    memo.set(key, value);
    return value;
  }

  /** Splitting one pair with `hands` on the table and `others` further pairs waiting: the two hands it makes and everything after. */
  resplitValue(pair: number, hands: number, others: number, memo = new Map<number, number>()): number {
    const { nonPair } = this.splitParts(pair);
    const p = CARD_PROBABILITY[pair];
    const q = 1 - p;
    let value = 0;
    const ways = [q * q, 2 * p * q, p * p];
    for (let pairs = 0; pairs <= 2; pairs++) {
      value += ways[pairs] * ((2 - pairs) * nonPair + this.pendingValue(pair, hands + 1, others + pairs, memo));
    }
    return value;
  }
}

function maxOf(plays: PlayValues): number {
  let m = -Infinity;
  for (const v of Object.values(plays)) if (v !== undefined && v > m) m = v;
  return m;
}

const models = new Map<string, Model>();
/** The models already found for a rules object, by up card: a hand asks with the same rules at each decision. */
const modelsByRules = new WeakMap<ValueRules, Model[]>();

function modelFor(rules: ValueRules, up: number): Model {
  let known = modelsByRules.get(rules);
  if (known === undefined) modelsByRules.set(rules, (known = []));
  return (known[up] ??= modelByValue(rules, up));
}

function modelByValue(rules: ValueRules, up: number): Model {
  const key = [
    rules.dealerHitsSoft17, rules.doubleAfterSplit, rules.doubleAnyCards, rules.maxHands, rules.resplitAces, rules.hitSplitAces, rules.doubleSplitAces, rules.charlie, up,
  ].join();
  let model = models.get(key);
  if (!model) {
    if (models.size > 200) models.clear();
    model = new Model(rules, up);
    models.set(key, model);
  }
  return model;
}

/**
 * The expected value (in bets, given no dealer blackjack when the up card is an ace or a ten-value) of
 * each play open to the hand at `position`, among `allowed`. A split's value counts every hand it makes
 * and what it changes for the pairs still waiting; the other plays count this hand only, so values of
 * one position compare directly.
 */
export function playValues(position: Position, allowed: readonly HandActionName[] = ['Hit', 'Stand', 'Double', 'Split']): PlayValues {
  const { rules, dealerUp, cards, fromSplit, handCount, pendingPairs } = position;
  const model = modelFor(rules, dealerUp);
  let hard = 0;
  for (const c of cards) hard += c;
  const ace = cards.includes(1);
  const count = cards.length;
  const out: PlayValues = {};
  if (fromSplit && count === 2) {
    const plays = model.postSplitPlays(cards[0], cards[1]);
    if (allowed.includes('Stand') && plays.Stand !== undefined) out.Stand = plays.Stand;
    if (allowed.includes('Hit')) out.Hit = plays.Hit ?? model.hit(hard, ace, count);
    if (allowed.includes('Double')) out.Double = plays.Double ?? model.double(hard, ace, count);
  } else {
    if (allowed.includes('Stand')) out.Stand = model.stand(hard, ace, count);
    if (allowed.includes('Hit')) out.Hit = model.hit(hard, ace, count);
    if (allowed.includes('Double')) out.Double = model.double(hard, ace, count);
  }
  if (allowed.includes('Split') && count === 2 && cards[0] === cards[1]) {
    const memo = new Map<number, number>();
    out.Split = model.resplitValue(cards[0], handCount, pendingPairs, memo) - model.pendingValue(cards[0], handCount, pendingPairs, memo);
  }
  return out;
}

/** Standing on `score` against the up card, given no dealer blackjack (for checks and the rules page). */
export function standValue(score: number, dealerUp: number, rules: ValueRules): number {
  return modelFor(rules, dealerUp).standScore(score);
}

/** Insurance per satoshi insured: it pays 2 to 1 when the hole card is a ten-value (4/13), else is lost: −1/13. */
export const INSURANCE_VALUE = 2 * CARD_PROBABILITY[10] - (1 - CARD_PROBABILITY[10]);

/**
 * Even money against an ace, in satoshis: taking it is `bet` for sure; declining it leaves the blackjack,
 * paid `floor(3 × bet / 2)` unless the dealer has blackjack too (a push, 4/13).
 */
export function evenMoneyValues(bet: number): { take: number; decline: number } {
  return { take: bet, decline: (1 - dealerBlackjackChance(1)) * Math.floor((bet * 3) / 2) };
}
