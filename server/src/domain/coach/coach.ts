import { CARD_VALUE, evenMoneyValues, type HandActionName, INSURANCE_VALUE, playValues, recommendedAction, strategyHandOf } from '@bahati/contracts';
import { type AccountEvent, bankDelta } from '../account/account';
import { allowedActions, type PlayerAction } from '../hand/decide';
import { decisionOf, evolve as evolveHand, initialState as initialHand, isHandEvent, scoreOf, type HandState } from '../hand/hand';

/**
 * The strategy coach's judge: every decision a player makes, against basic strategy for the hand's level
 * (the tables the simulator and suspect detection use), and what a decision that differs costs in
 * expected value (`playValues`: infinite deck, exact within that model, for the hand's rules).
 * Pure and deterministic: replaying the account's events gives the same judgements.
 */

/** The decisions judged: the four plays, and the answers to insurance and even money. */
export type CoachAction = HandActionName;

/** A decision that differed from basic strategy. */
export interface CoachDeviation {
  readonly handId: string;
  /** 1 for the hand's first decision, and so on (decisions that agreed count too). */
  readonly seq: number;
  /** Which player hand (0 before any split). */
  readonly handIndex: number;
  /** The values of that hand's cards when deciding (ace 1, faces 10). */
  readonly cards: readonly number[];
  /** Its best total, and whether an ace counted 11 in it. */
  readonly total: number;
  readonly soft: boolean;
  /** The dealer's up card value (1 for an ace). */
  readonly dealerUp: number;
  readonly action: CoachAction;
  readonly recommended: CoachAction;
  /** The hand's bet, in satoshis: the expected values are in bets of it. */
  readonly stake: number;
  /** Expected value of the play made and of the chart's play, in bets (insurance: what the side bet adds). */
  readonly evAction: number;
  readonly evRecommended: number;
  /** (evRecommended − evAction) × stake, in millisatoshis, rounded: what the decision gave away (negative: it gained). */
  readonly costMsat: number;
}

/** A settled hand's judgement. */
export interface CoachHandSummary {
  readonly handId: string;
  readonly level: number;
  readonly bet: number;
  readonly decisions: number;
  readonly deviations: number;
  readonly costMsat: number;
}

/** What the coach remembers about one player between events. Plain data, so it can be stored. */
export interface CoachState {
  /** The bank, so each decision is judged among the plays the bank allowed then. */
  readonly bank: number;
  readonly hand: HandState | null;
  readonly decisions: number;
  readonly deviations: number;
  readonly costMsat: number;
}

export const initialCoachState: CoachState = Object.freeze({ bank: 0, hand: null, decisions: 0, deviations: 0, costMsat: 0 });



const msat = (bets: number, stake: number) => Math.round(bets * stake * 1000);

/** The judgement of one decision taken on `hand` with `bank` available; null when there was nothing to choose. */
export function judge(hand: HandState, bank: number, action: CoachAction): Omit<CoachDeviation, 'handId' | 'seq'> & { agrees: boolean } | null {
  const up = CARD_VALUE[hand.dealer.cards[0]!]!;
  const allowed = allowedActions(hand, bank);
  if (allowed.length < 2 || !allowed.includes(action as PlayerAction)) return null;
  if (hand.phase === 'InsuranceOffered' || hand.phase === 'EvenMoneyOffered') {
    const player = hand.player[0]!;
    const cards = player.cards.map((c) => CARD_VALUE[c]!);
    const insurance = hand.phase === 'InsuranceOffered';
    const recommended: CoachAction = insurance ? 'NoInsurance' : 'NoEvenMoney';
    // In bets of the hand: insurance adds its side bet's value; even money is a sure bet against the blackjack played out.
    const values: Partial<Record<CoachAction, number>> = insurance
      ? { Insurance: (Math.floor(hand.bet / 2) * INSURANCE_VALUE) / hand.bet, NoInsurance: 0 }
      : { EvenMoney: evenMoneyValues(hand.bet).take / hand.bet, NoEvenMoney: evenMoneyValues(hand.bet).decline / hand.bet };
    return describe(hand, 0, cards, up, action, recommended, values);
  }
  if (hand.phase !== 'PlayerTurn') return null;
  const index = hand.active;
  const player = hand.player[index]!;
  const cards = player.cards.map((c) => CARD_VALUE[c]!);
  const plays = allowed.filter((a): a is 'Hit' | 'Stand' | 'Double' | 'Split' => a === 'Hit' || a === 'Stand' || a === 'Double' || a === 'Split');
  const recommended = recommendedAction(strategyHandOf(cards), up, plays, hand.level) as CoachAction;
  const pendingPairs = hand.player.filter((h, i) => i > index && h.cards.length === 2 && h.pairValue !== 0 && h.pairValue === player.pairValue).length;
  const values = playValues({ rules: hand.rules, dealerUp: up, cards, fromSplit: player.fromSplit, handCount: hand.player.length, pendingPairs }, plays);
  return describe(hand, index, cards, up, action, recommended, values);
}

function describe(
  hand: HandState,
  handIndex: number,
  cards: number[],
  dealerUp: number,
  action: CoachAction,
  recommended: CoachAction,
  values: Partial<Record<CoachAction, number>>,
): Omit<CoachDeviation, 'handId' | 'seq'> & { agrees: boolean } {
  const evAction = values[action] ?? 0;
  const evRecommended = values[recommended] ?? evAction;
  const hard = cards.reduce((a, b) => a + b, 0);
  const ace = cards.includes(1);
  return {
    agrees: action === recommended,
    handIndex,
    cards,
    total: scoreOf(hard, ace),
    soft: ace && hard <= 11,
    dealerUp,
    action,
    recommended,
    stake: hand.bet,
    evAction,
    evRecommended,
    costMsat: action === recommended ? 0 : msat(evRecommended - evAction, hand.bet),
  };
}

/**
 * One account event through the coach: the new state, the deviation it was (if it is a decision that
 * differed from the chart), and the hand's summary when it settles.
 */
export function coach(state: CoachState, event: AccountEvent): { state: CoachState; deviation: CoachDeviation | null; settled: CoachHandSummary | null } {
  let deviation: CoachDeviation | null = null;
  let settled: CoachHandSummary | null = null;
  // The state's fields as locals, built into one object at the end (no spread at each change: a fold runs at every event).
  let { bank, hand, decisions, deviations, costMsat } = state;

  const action = isHandEvent(event) ? decisionOf(event) : null;
  if (action && hand) {
    const judged = judge(hand, bank, action);
    if (judged) {
      decisions++;
      if (!judged.agrees) {
        deviation = {
          handId: hand.handId, seq: decisions, handIndex: judged.handIndex, cards: judged.cards, total: judged.total, soft: judged.soft,
          dealerUp: judged.dealerUp, action: judged.action, recommended: judged.recommended, stake: judged.stake, evAction: judged.evAction,
          evRecommended: judged.evRecommended, costMsat: judged.costMsat,
        };
        deviations++;
        costMsat += judged.costMsat;
      }
    }
  }

  if (event.type === 'HandStarted') {
    hand = initialHand();
    decisions = 0;
    deviations = 0;
    costMsat = 0;
  }
  if (isHandEvent(event) && hand) hand = evolveHand(hand, event);
  if (event.type === 'HandSettled') {
    const d = event.data;
    settled = { handId: d.handId, level: d.level, bet: d.bet, decisions, deviations, costMsat };
    hand = null;
    decisions = 0;
    deviations = 0;
    costMsat = 0;
  }

  bank += bankDelta(event);
  return { state: { bank, hand, decisions, deviations, costMsat }, deviation, settled };
}
