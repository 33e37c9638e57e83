import { CARD_VALUE, recommendedAction, SHOE_SIZE, strategyHandOf } from '@bahati/contracts';
import { type AccountEvent, bankDelta } from '../account/account';
import { allowedActions, type PlayerAction } from '../hand/decide';
import { decisionOf, evolve as evolveHand, initialState as initialHand, isHandEvent, scoreOf, type HandState } from '../hand/hand';

/** Spec §4 suspect reasons. */
export type SuspectReason = 'PlayDeviation' | 'WinAfterPlayDeviation' | 'BetDeviation' | 'RateOfPlay' | 'AdminManualChange';
/** The decisions a deviation is judged on (spec §4 actions). */
export type SuspectAction = 'Hit' | 'Stand' | 'Double' | 'Split';

/** Spec §3 suspect record. `time` is when the event that raised it was recorded. */
export interface SuspectRecord {
  readonly time: string;
  readonly handId: string | null;
  readonly playerHandValue: number | null;
  readonly dealerHandValue: number | null;
  readonly expectedAction: SuspectAction | null;
  readonly actualAction: SuspectAction | null;
  readonly suspectChange: number;
  readonly reason: SuspectReason;
}

/** Thresholds and weights (settings `SUSPECT_*`, documented in docs/back-office.md, "Suspect detection"). */
export interface SuspectSettings {
  /** Level points for each decision that differs from basic strategy. */
  readonly playDeviationWeight: number;
  /** Level points for a hand that deviated and then won. */
  readonly winAfterDeviationWeight: number;
  /** Level points when bets follow the true count over a window. */
  readonly betDeviationWeight: number;
  /**
   * Bet deviation is judged once `betWindowHands` hands have been bet, on all of them up to four windows
   * (evidence accumulates); it trips when the bets' rank correlation with the true count is at least
   * `betCorrelation` and that correlation is `betSignificance` standard errors above none.
   */
  readonly betWindowHands: number;
  readonly betCorrelation: number;
  readonly betSignificance: number;
  /** Level points when more than `rateHands` hands start within `rateWindowMs`. */
  readonly rateOfPlayWeight: number;
  readonly rateHands: number;
  readonly rateWindowMs: number;
}

export const DEFAULT_SUSPECT_SETTINGS: SuspectSettings = Object.freeze({
  playDeviationWeight: 1,
  winAfterDeviationWeight: 3,
  betDeviationWeight: 10,
  betWindowHands: 50,
  betCorrelation: 0.3,
  betSignificance: 3.5,
  rateOfPlayWeight: 5,
  rateHands: 25,
  rateWindowMs: 60_000,
});

/** What the detector remembers about one player between events. Plain data, so it can be stored. */
export interface SuspectState {
  readonly bank: number;
  readonly hand: HandState | null;
  /** The current hand made at least one deviating decision. */
  readonly deviated: boolean;
  readonly shoeId: string;
  /** Hi-Lo running count of the cards the player has seen in earlier hands of this shoe, and how many. */
  readonly runningCount: number;
  readonly cardsSeen: number;
  /**
   * The bets of the current window, each with the count it was placed at: `[bet, runningCount, cardsSeen]`. The true
   * count follows from the two counts (`trueCountOf`); as three integers a bet takes about a quarter of the bytes it
   * took with its true count written out (`{"bet":1000,"trueCount":0.6046511627906976}`).
   */
  readonly window: readonly WindowBet[];
  /** Start times (ms) of the most recent hands, newest last, at most `rateHands`. */
  readonly starts: readonly number[];
  /** No new RateOfPlay record for hands started before this time (one record per burst). */
  readonly rateQuietUntil: number;
}

/** A bet in the window, with the Hi-Lo running count and the cards seen when it was placed. */
export type WindowBet = readonly [bet: number, runningCount: number, cardsSeen: number];

/** The Hi-Lo true count: the running count per deck left in the shoe. */
export function trueCountOf(runningCount: number, cardsSeen: number): number {
  const decksLeft = (SHOE_SIZE - cardsSeen) / 52;
  return runningCount / decksLeft;
}

export const initialSuspectState: SuspectState = Object.freeze({
  bank: 0,
  hand: null,
  deviated: false,
  shoeId: '',
  runningCount: 0,
  cardsSeen: 0,
  window: Object.freeze([]),
  starts: Object.freeze([]),
  rateQuietUntil: 0,
});

const isSuspectAction = (action: PlayerAction | null): action is SuspectAction => action === 'Hit' || action === 'Stand' || action === 'Double' || action === 'Split';

/** Hi-Lo: 2–6 count +1, 7–9 count 0, tens and aces −1. */
function hiLo(card: number): number {
  const value = CARD_VALUE[card]!;
  return value >= 2 && value <= 6 ? 1 : value === 1 || value === 10 ? -1 : 0;
}

/** Pearson correlation; 0 when either side does not vary (a flat bet follows nothing). */
export function correlation(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  if (n < 2) return 0;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i]!;
    my += ys[i]!;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? 0 : sxy / Math.sqrt(sxx * syy);
}

/** Ranks from 1, ties sharing the mean of the ranks they span (so a flat stretch of bets is one rank). */
export function ranks(xs: readonly number[]): number[] {
  const order = xs.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(xs.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    for (let k = i; k <= j; k++) out[order[k]![1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return out;
}

/** Spearman's rank correlation: how far one side rises with the other, whatever the shape of the rise. */
export function rankCorrelation(xs: readonly number[], ys: readonly number[]): number {
  return correlation(ranks(xs), ranks(ys));
}

/**
 * Bets that follow the Hi-Lo true count: the bets' ranks rise with the counts' (a step spread — the minimum
 * at low counts, more at high ones — is caught as surely as a smooth one), significantly, and at least two
 * bets were raised above the smallest, so one lucky raise is not a pattern. A flat bettor has no rank order.
 */
function followsTheCount(window: readonly WindowBet[], settings: SuspectSettings): boolean {
  const bets = window.map((w) => w[0]);
  const least = Math.min(...bets);
  if (bets.filter((b) => b > least).length < 2) return false;
  const rho = rankCorrelation(bets, window.map((w) => trueCountOf(w[1], w[2])));
  if (rho < settings.betCorrelation) return false;
  // Student's t of the correlation: how unlikely a bettor blind to the cards is to line up this well.
  const n = window.length;
  return rho >= 1 || rho * Math.sqrt((n - 2) / (1 - rho * rho)) >= settings.betSignificance;
}

/**
 * One account event through the detector: the new state and the records it raises. Pure and
 * deterministic: `time` is the event's recorded time, so replaying the stream gives the same records.
 */
export function detect(
  state: SuspectState,
  event: AccountEvent,
  time: string,
  settings: SuspectSettings = DEFAULT_SUSPECT_SETTINGS,
): { state: SuspectState; records: SuspectRecord[] } {
  const records: SuspectRecord[] = [];
  // The state's fields as locals, built into one object at the end: a fold runs at every event, and spreading
  // the state at each change copied it on V8's slow path several times an event.
  let { bank, hand, deviated, shoeId, runningCount, cardsSeen, window, starts, rateQuietUntil } = state;

  const decision = isHandEvent(event) ? decisionOf(event) : null;
  if (isSuspectAction(decision) && hand?.phase === 'PlayerTurn') {
    const player = hand.player[hand.active]!;
    // The bank before this decision's stake: what the player could afford when choosing.
    const allowed = allowedActions(hand, bank).filter(isSuspectAction);
    const up = CARD_VALUE[hand.dealer.cards[0]!]!;
    const expected = recommendedAction(strategyHandOf(player.cards.map((c) => CARD_VALUE[c]!)), up, allowed as PlayerAction[], hand.level);
    if (expected !== decision && allowed.includes(decision)) {
      records.push({
        time,
        handId: hand.handId,
        playerHandValue: scoreOf(player.hard, player.hasAce),
        dealerHandValue: up === 1 ? 11 : up,
        expectedAction: expected as SuspectAction,
        actualAction: decision,
        suspectChange: settings.playDeviationWeight,
        reason: 'PlayDeviation',
      });
      deviated = true;
    }
  }

  if (event.type === 'HandStarted') {
    const { bet } = event.data;
    if (event.data.shoeId !== shoeId) {
      runningCount = 0;
      cardsSeen = 0;
    }
    shoeId = event.data.shoeId;
    // The bets with their counts since the last record (at most four windows), judged at every hand once a
    // window is full: a record clears them, so the next one needs a whole window of new evidence.
    window = appendKeepingLast(window, [bet, runningCount, cardsSeen] as const, 4 * settings.betWindowHands);
    if (window.length >= settings.betWindowHands && followsTheCount(window, settings)) {
      records.push({
        time,
        handId: event.data.handId,
        playerHandValue: null,
        dealerHandValue: null,
        expectedAction: null,
        actualAction: null,
        suspectChange: settings.betDeviationWeight,
        reason: 'BetDeviation',
      });
      window = [];
    }

    const at = Date.parse(time);
    starts = appendKeepingLast(starts, at, settings.rateHands);
    if (starts.length >= settings.rateHands && at - starts[0]! < settings.rateWindowMs && at >= rateQuietUntil) {
      records.push({
        time,
        handId: event.data.handId,
        playerHandValue: null,
        dealerHandValue: null,
        expectedAction: null,
        actualAction: null,
        suspectChange: settings.rateOfPlayWeight,
        reason: 'RateOfPlay',
      });
      rateQuietUntil = at + settings.rateWindowMs;
    }
    hand = initialHand();
    deviated = false;
  }

  if (isHandEvent(event) && hand) hand = evolveHand(hand, event);

  if (event.type === 'HandSettled') {
    if (deviated && event.data.net > 0) {
      records.push({
        time,
        handId: event.data.handId,
        playerHandValue: Math.max(...event.data.hands.map((h) => h.score)),
        dealerHandValue: event.data.dealerScore,
        expectedAction: null,
        actualAction: null,
        suspectChange: settings.winAfterDeviationWeight,
        reason: 'WinAfterPlayDeviation',
      });
    }
    // Every card of a settled hand has been shown: it counts toward the next hand of the shoe.
    if (hand) {
      for (const c of hand.dealer.cards) runningCount += hiLo(c);
      cardsSeen += hand.dealer.cards.length;
      for (const h of hand.player) {
        for (const c of h.cards) runningCount += hiLo(c);
        cardsSeen += h.cards.length;
      }
    }
    hand = null;
    deviated = false;
  }

  bank += bankDelta(event);
  return { state: { bank, hand, deviated, shoeId, runningCount, cardsSeen, window, starts, rateQuietUntil }, records };
}

/** `list` with `item` last, keeping at most `most` of its newest items. */
function appendKeepingLast<T>(list: readonly T[], item: T, most: number): readonly T[] {
  const from = Math.max(0, list.length + 1 - most);
  const out = new Array<T>(list.length + 1 - from);
  for (let i = from; i < list.length; i++) out[i - from] = list[i]!;
  out[out.length - 1] = item;
  return out;
}
