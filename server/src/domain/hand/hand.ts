import type { DomainEvent } from '../decider';
import { BASE_RULES, bestScore, CARD_VALUE, type HandActionName, type HandRules } from '@bahati/contracts';

// ---------------------------------------------------------------------------------------------
// Events. Amounts are integer satoshis. Debits (the bet, a double, a split, insurance) are
// carried by the event that stakes them; every credit, and a recap of the debits, by HandSettled.
// ---------------------------------------------------------------------------------------------

/** One card as the hand engine deals it. */
export interface DealtCard {
  readonly to: 'Player' | 'Dealer';
  /** Index of the player hand (0-3) that gets the card; 0 for the dealer. */
  readonly handIndex: number;
  /** Position in the shoe; every position is dealt at most once. */
  readonly position: number;
  /** Card id 0-207 (see contracts/src/fairness/cards.ts). */
  readonly card: number;
  /** The dealer's hole card, hidden from the player until the hand is settled. */
  readonly faceDown: boolean;
}

/**
 * The cards an event deals, in dealing order. The event that deals cards carries them: the deal its four, a hit or a
 * double its one, a split its two, the dealer's play its draws. A hand stored before cards were carried has no `cards`
 * on these events; its cards follow each of them as `CardDealt` events (the dealer's draws precede `DealerPlayed`).
 * Both shapes are read.
 */
export interface CarriesCards {
  readonly cards?: readonly DealtCard[];
}

export type HandStarted = DomainEvent<
  'HandStarted',
  {
    readonly handId: string;
    readonly shoeId: string;
    readonly level: number;
    readonly rules: HandRules;
    readonly bet: number;
    /** Shoe position of the hand's first card. */
    readonly firstPosition: number;
  } & CarriesCards
>;

/** One card, as hands stored before the dealing events carried their cards recorded it. Read, no longer written. */
export type CardDealt = DomainEvent<'CardDealt', { readonly handId: string } & DealtCard>;

export type InsuranceTaken = DomainEvent<'InsuranceTaken', { readonly handId: string; readonly amount: number }>;
export type InsuranceDeclined = DomainEvent<'InsuranceDeclined', { readonly handId: string }>;
export type EvenMoneyTaken = DomainEvent<'EvenMoneyTaken', { readonly handId: string }>;
export type EvenMoneyDeclined = DomainEvent<'EvenMoneyDeclined', { readonly handId: string }>;
/** Carries the card drawn. */
export type PlayerHit = DomainEvent<'PlayerHit', { readonly handId: string; readonly handIndex: number } & CarriesCards>;
export type PlayerStood = DomainEvent<'PlayerStood', { readonly handId: string; readonly handIndex: number }>;
/** `amount` is the added stake; it carries the one card, and the hand then stands. */
export type PlayerDoubled = DomainEvent<'PlayerDoubled', { readonly handId: string; readonly handIndex: number; readonly amount: number } & CarriesCards>;
/**
 * The second card of `handIndex` moves to the new hand `newHandIndex` (always appended, so hand
 * indices never shift). It carries two cards: first to the split hand, then to the new hand.
 */
export type HandSplit = DomainEvent<
  'HandSplit',
  {
    readonly handId: string;
    readonly handIndex: number;
    readonly newHandIndex: number;
    /** Stake of the new hand. */
    readonly amount: number;
    readonly movedPosition: number;
    readonly movedCard: number;
  } & CarriesCards
>;
/** Carries the dealer's draws (none when the first two cards stand); only emitted when a player hand was still live. */
export type DealerPlayed = DomainEvent<
  'DealerPlayed',
  { readonly handId: string; readonly score: number; readonly bust: boolean; readonly cardsDrawn: number } & CarriesCards
>;

export type HandOutcome = 'Win' | 'Lost' | 'Push' | 'EvenMoney';

export interface SettledPlayerHand {
  readonly handIndex: number;
  readonly outcome: HandOutcome;
  /** Bet plus any double on this hand. */
  readonly stake: number;
  /** What the bank gets back for this hand, stake included (0 when lost). */
  readonly returned: number;
  readonly score: number;
  readonly blackjack: boolean;
}

/**
 * Ledger view of a hand (spec §4 ledger types). Debits: bet (Bet), doubleBet (Double),
 * splitBet (Split), insuranceBet (InsuranceBet). Credits, each including the returned stake:
 * insuranceWin (InsuranceWin), win (Win), push (Push), evenMoney (EvenMoney).
 * winAmount = the sum of the credits; net = winAmount - totalBet.
 */
export interface HandSettlement {
  readonly handId: string;
  readonly shoeId: string;
  readonly level: number;
  readonly bet: number;
  readonly doubleBet: number;
  readonly splitBet: number;
  readonly insuranceBet: number;
  readonly insuranceWin: number;
  readonly win: number;
  readonly push: number;
  readonly evenMoney: number;
  readonly totalBet: number;
  readonly winAmount: number;
  readonly net: number;
  readonly hands: readonly SettledPlayerHand[];
  readonly dealerScore: number;
  readonly dealerBlackjack: boolean;
  readonly dealerBust: boolean;
  /** The next undealt shoe position: the next hand's firstPosition. */
  readonly nextPosition: number;
}
export type HandSettled = DomainEvent<'HandSettled', HandSettlement>;

export type HandEvent =
  | HandStarted
  | CardDealt
  | InsuranceTaken
  | InsuranceDeclined
  | EvenMoneyTaken
  | EvenMoneyDeclined
  | PlayerHit
  | PlayerStood
  | PlayerDoubled
  | HandSplit
  | DealerPlayed
  | HandSettled;

/**
 * The hand's events, once: each with the player's decision it records, or null for the engine's own. Every list of
 * hand events (the account's fold, the hands and suspect projections, the coach, the audit) derives from this map,
 * and `satisfies` makes a new member of `HandEvent` fail to compile here until it is named.
 */
export const HAND_EVENT_DECISION = {
  HandStarted: null,
  CardDealt: null,
  InsuranceTaken: 'Insurance',
  InsuranceDeclined: 'NoInsurance',
  EvenMoneyTaken: 'EvenMoney',
  EvenMoneyDeclined: 'NoEvenMoney',
  PlayerHit: 'Hit',
  PlayerStood: 'Stand',
  PlayerDoubled: 'Double',
  HandSplit: 'Split',
  DealerPlayed: null,
  HandSettled: null,
} as const satisfies Record<HandEvent['type'], HandActionName | null>;

export const HAND_EVENT_TYPES = Object.keys(HAND_EVENT_DECISION) as readonly HandEvent['type'][];

/** Whether an event (of the account, or as stored) is one of the hand's. */
export function isHandEvent(event: { readonly type: string }): event is HandEvent {
  return Object.hasOwn(HAND_EVENT_DECISION, event.type);
}

/** The player's decision a hand event records, or null for the engine's own events. */
export function decisionOf(event: HandEvent): HandActionName | null {
  return HAND_EVENT_DECISION[event.type];
}

// ---------------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------------

/** Whether a hand is in play: dealt and not yet settled. */
export function handInPlay(state: HandState): boolean {
  return state.phase !== 'NoHand' && state.phase !== 'Settled';
}

export type HandPhase =
  /** No hand yet: a Deal may start one. */
  | 'NoHand'
  /** Between HandStarted and the fourth card; never seen between commands. */
  | 'Dealing'
  | 'InsuranceOffered'
  | 'EvenMoneyOffered'
  | 'PlayerTurn'
  /** Every player hand is done; the dealer draws and the hand settles within the same command. */
  | 'DealerTurn'
  /** A Deal may start the next hand. */
  | 'Settled';

/**
 * Spec §4 hand states. New: dealt, not yet in play (insurance decision pending, or a split hand
 * waiting its turn). Active: the hand the player acts on. Finished: done, waiting for the dealer.
 */
export type PlayerHandStatus = 'New' | 'Active' | 'Finished' | HandOutcome;

export interface Cards {
  /** Shoe positions (spec: cardIndices). */
  readonly positions: readonly number[];
  /** Card ids, parallel to positions. */
  readonly cards: readonly number[];
  /** Sum with every ace counted as 1. */
  readonly hard: number;
  readonly hasAce: boolean;
}

export interface PlayerHandState extends Cards {
  /** The stake this hand was dealt with: the bet, also for hands made by a split. */
  readonly bet: number;
  /** Extra stake from doubling; 0 if not doubled. */
  readonly doubleBet: number;
  readonly fromSplit: boolean;
  /** Made by splitting aces. */
  readonly splitAces: boolean;
  /** Value of the pair when the hand is exactly two cards of equal value, else 0. */
  readonly pairValue: number;
  readonly status: PlayerHandStatus;
}

export interface HandState {
  readonly phase: HandPhase;
  readonly handId: string;
  readonly shoeId: string;
  readonly level: number;
  readonly rules: HandRules;
  readonly bet: number;
  readonly firstPosition: number;
  readonly nextPosition: number;
  readonly player: readonly PlayerHandState[];
  /** Index of the hand in play while phase is PlayerTurn. */
  readonly active: number;
  readonly dealer: Cards;
  readonly insuranceBet: number;
  readonly evenMoneyTaken: boolean;
  readonly settlement: HandSettlement | null;
}

const NO_CARDS: Cards = Object.freeze({ positions: Object.freeze([]), cards: Object.freeze([]), hard: 0, hasAce: false });
const NO_HANDS: readonly PlayerHandState[] = Object.freeze([]);

export function initialState(): HandState {
  return INITIAL;
}
const INITIAL: HandState = Object.freeze({
  phase: 'NoHand',
  handId: '',
  shoeId: '',
  level: 0,
  rules: BASE_RULES,
  bet: 0,
  firstPosition: 0,
  nextPosition: 0,
  player: NO_HANDS,
  active: 0,
  dealer: NO_CARDS,
  insuranceBet: 0,
  evenMoneyTaken: false,
  settlement: null,
});

// ---------------------------------------------------------------------------------------------
// Scoring
// ---------------------------------------------------------------------------------------------

/** Best total: one ace counts 11 when that does not bust. */
/** The best total: one ace counts 11 when that does not bust. */
export const scoreOf = bestScore;
export function isTwoCard21(hand: Cards): boolean {
  return hand.cards.length === 2 && hand.hard === 11 && hand.hasAce;
}
/** Ace plus ten-value as the first two cards of a hand that was not made by a split. */
export function isBlackjack(hand: PlayerHandState): boolean {
  return !hand.fromSplit && isTwoCard21(hand);
}
export function dealerMustHit(hard: number, hasAce: boolean, rules: HandRules): boolean {
  const score = scoreOf(hard, hasAce);
  return score < 17 || (score === 17 && rules.dealerHitsSoft17 && hasAce && hard <= 11);
}

// ---------------------------------------------------------------------------------------------
// evolve. Every change builds new objects; a fresh copy is filled in before anyone can see it,
// which keeps evolve pure while avoiding object spread (an order of magnitude slower in V8 here).
// ---------------------------------------------------------------------------------------------

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function copy(s: HandState): Mutable<HandState> {
  return {
    phase: s.phase,
    handId: s.handId,
    shoeId: s.shoeId,
    level: s.level,
    rules: s.rules,
    bet: s.bet,
    firstPosition: s.firstPosition,
    nextPosition: s.nextPosition,
    player: s.player,
    active: s.active,
    dealer: s.dealer,
    insuranceBet: s.insuranceBet,
    evenMoneyTaken: s.evenMoneyTaken,
    settlement: s.settlement,
  };
}

function copyHand(h: PlayerHandState): Mutable<PlayerHandState> {
  return {
    positions: h.positions,
    cards: h.cards,
    hard: h.hard,
    hasAce: h.hasAce,
    bet: h.bet,
    doubleBet: h.doubleBet,
    fromSplit: h.fromSplit,
    splitAces: h.splitAces,
    pairValue: h.pairValue,
    status: h.status,
  };
}

export function evolve(state: HandState, event: HandEvent): HandState {
  switch (event.type) {
    case 'HandStarted': {
      const d = event.data;
      return withCards(
        {
          phase: 'Dealing',
          handId: d.handId,
          shoeId: d.shoeId,
          level: d.level,
          rules: d.rules,
          bet: d.bet,
          firstPosition: d.firstPosition,
          nextPosition: d.firstPosition,
          player: NO_HANDS,
          active: 0,
          dealer: NO_CARDS,
          insuranceBet: 0,
          evenMoneyTaken: false,
          settlement: null,
        },
        d.cards,
      );
    }
    case 'CardDealt':
      return dealt(state, event.data);
    case 'InsuranceTaken': {
      const next = copy(state);
      next.insuranceBet = event.data.amount;
      return afterPeek(next);
    }
    case 'InsuranceDeclined':
      return afterPeek(copy(state));
    case 'EvenMoneyTaken':
    case 'EvenMoneyDeclined': {
      const next = copy(state);
      next.phase = 'DealerTurn';
      next.evenMoneyTaken = event.type === 'EvenMoneyTaken';
      next.player = [withStatus(state.player[0], 'Finished')];
      return next;
    }
    case 'PlayerHit':
    case 'DealerPlayed':
      return withCards(state, event.data.cards);
    case 'PlayerStood': {
      const i = event.data.handIndex;
      const next = copy(state);
      next.player = replaced(state.player, i, withStatus(state.player[i], 'Finished'));
      return advance(next);
    }
    case 'PlayerDoubled': {
      const i = event.data.handIndex;
      const hand = copyHand(state.player[i]);
      hand.doubleBet = event.data.amount;
      const next = copy(state);
      next.player = replaced(state.player, i, hand);
      return withCards(advance(next), event.data.cards);
    }
    case 'HandSplit': {
      const d = event.data;
      const hand = state.player[d.handIndex];
      const aces = CARD_VALUE[hand.cards[0]] === 1;
      const next = copy(state);
      next.player = replaced(
        replaced(state.player, d.handIndex, newHand(hand.bet, hand.positions[0], hand.cards[0], true, hand.status, aces)),
        d.newHandIndex,
        newHand(d.amount, d.movedPosition, d.movedCard, true, 'New', aces),
      );
      return withCards(next, d.cards);
    }
    case 'HandSettled': {
      const s = event.data;
      const next = copy(state);
      next.phase = 'Settled';
      next.player = state.player.map((h, i) => withStatus(h, s.hands[i].outcome));
      next.settlement = s;
      next.nextPosition = s.nextPosition;
      return next;
    }
    default: {
      const _: never = event;
      return _;
    }
  }
}

/** `state` with one card dealt. */
function dealt(state: HandState, d: DealtCard): HandState {
  const next = copy(state);
  next.nextPosition = d.position + 1;
  if (d.to === 'Dealer') {
    next.dealer = withCard(state.dealer, d.position, d.card);
    return state.phase === 'Dealing' && next.dealer.cards.length === 2 ? afterDeal(next) : next;
  }
  const hand = state.player[d.handIndex];
  next.player = replaced(state.player, d.handIndex, hand === undefined ? newHand(state.bet, d.position, d.card, false, 'New') : withPlayerCard(hand, d.position, d.card));
  return state.phase === 'PlayerTurn' ? advance(next) : next;
}

/** `state` with the cards an event carries dealt in order (none for an event stored before events carried them). */
function withCards(state: HandState, cards: readonly DealtCard[] | undefined): HandState {
  if (cards === undefined) return state;
  let next = state;
  for (let i = 0; i < cards.length; i++) next = dealt(next, cards[i]);
  return next;
}

/** The cards an event deals, in either stored shape: its own `cards`, or the one card of a `CardDealt`. */
export function cardsDealtBy(event: HandEvent): readonly DealtCard[] {
  if (event.type === 'CardDealt') return [event.data];
  return (event.data as CarriesCards).cards ?? NO_DEALT;
}
const NO_DEALT: readonly DealtCard[] = Object.freeze([]);

/**
 * A hand's events with every card as its own `CardDealt`, in dealing order: the shape hands were stored in before the
 * dealing events carried their cards. The audit compares a stored hand and its replay in this shape, whichever shape
 * each was written in. Every event made here copies the one it comes from (a stored event's revision with it), and
 * `origin` maps it back to that event. A `cards` that is not a list stays on its event, so the comparison names it.
 */
export function cardsApart<E extends { readonly type: string; readonly data: unknown }>(events: readonly E[], origin?: Map<E, E>): E[] {
  const out: E[] = [];
  for (const e of events) {
    const data = (typeof e.data === 'object' && e.data !== null ? e.data : {}) as Record<string, unknown>;
    if (e.type === 'CardDealt' || !isHandEvent(e) || !Array.isArray(data.cards)) {
      out.push(e);
      continue;
    }
    const { cards, ...own } = data;
    const base = { ...e, data: own };
    const each = (cards as unknown[]).map((c) => ({ ...e, type: 'CardDealt', data: { handId: own.handId, ...(typeof c === 'object' && c !== null ? c : { card: c }) } }));
    for (const part of e.type === 'DealerPlayed' ? [...each, base] : [base, ...each]) {
      out.push(part);
      origin?.set(part, e);
    }
  }
  return out;
}

function appended(list: readonly number[], item: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < list.length; i++) out.push(list[i]);
  out.push(item);
  return out;
}

function withCard(hand: Cards, position: number, card: number): Cards {
  const value = CARD_VALUE[card];
  return { positions: appended(hand.positions, position), cards: appended(hand.cards, card), hard: hand.hard + value, hasAce: hand.hasAce || value === 1 };
}

function newHand(bet: number, position: number, card: number, fromSplit: boolean, status: PlayerHandStatus, splitAces = false): PlayerHandState {
  const value = CARD_VALUE[card];
  return { positions: [position], cards: [card], hard: value, hasAce: value === 1, bet, doubleBet: 0, fromSplit, splitAces, pairValue: 0, status };
}

function withPlayerCard(hand: PlayerHandState, position: number, card: number): PlayerHandState {
  const value = CARD_VALUE[card];
  const next = copyHand(hand);
  next.positions = appended(hand.positions, position);
  next.cards = appended(hand.cards, card);
  next.hard = hand.hard + value;
  next.hasAce = hand.hasAce || value === 1;
  next.pairValue = hand.cards.length === 1 && CARD_VALUE[hand.cards[0]] === value ? value : 0;
  return next;
}

function withStatus(hand: PlayerHandState, status: PlayerHandStatus): PlayerHandState {
  if (hand.status === status) return hand;
  const next = copyHand(hand);
  next.status = status;
  return next;
}

/** A copy of `player` with `hand` at `index` (index === length appends). */
function replaced(player: readonly PlayerHandState[], index: number, hand: PlayerHandState): readonly PlayerHandState[] {
  if (player[index] === hand) return player;
  const copy: PlayerHandState[] = [];
  for (let i = 0; i < player.length; i++) copy.push(i === index ? hand : player[i]);
  if (index === player.length) copy.push(hand);
  return copy;
}

/** After the fourth card: American peek order. An ace up offers insurance or even money first. */
function afterDeal(next: Mutable<HandState>): HandState {
  const up = CARD_VALUE[next.dealer.cards[0]];
  const hand = next.player[0];
  if (up === 1) {
    next.phase = isBlackjack(hand) ? 'EvenMoneyOffered' : 'InsuranceOffered';
  } else if (isBlackjack(hand) || isTwoCard21(next.dealer)) {
    next.phase = 'DealerTurn';
    next.player = [withStatus(hand, 'Finished')];
  } else {
    next.phase = 'PlayerTurn';
    next.player = [withStatus(hand, 'Active')];
  }
  return next;
}

/** After the insurance decision the dealer checks the hole card: a blackjack ends the hand. */
function afterPeek(next: Mutable<HandState>): HandState {
  if (isTwoCard21(next.dealer)) {
    next.phase = 'DealerTurn';
    next.player = [withStatus(next.player[0], 'Finished')];
    return next;
  }
  next.phase = 'PlayerTurn';
  return advance(next);
}

/** True when the player can no longer act on this hand. */
export function isHandDone(hand: PlayerHandState, rules: HandRules, handCount: number): boolean {
  return (
    hand.status === 'Finished' ||
    hand.doubleBet > 0 ||
    scoreOf(hand.hard, hand.hasAce) >= 21 ||
    (hand.splitAces && !splitAcesPlayOn(hand, rules, handCount)) ||
    isCharlie(hand, rules)
  );
}

/**
 * Whether a hand made by splitting aces still takes a decision: a hit or a double when the rules
 * allow them, or a resplit when it was dealt another ace.
 */
function splitAcesPlayOn(hand: PlayerHandState, rules: HandRules, handCount: number): boolean {
  if (rules.hitSplitAces) return true;
  if (hand.cards.length !== 2) return false;
  return (rules.doubleSplitAces && rules.doubleAfterSplit) || (rules.resplitAces && hand.pairValue === 1 && handCount < rules.maxHands);
}

/** A hand that reached the level's Charlie card count without busting: it wins whatever the dealer makes. */
export function isCharlie(hand: Cards, rules: HandRules): boolean {
  return rules.charlie > 0 && hand.cards.length >= rules.charlie && hand.hard <= 21;
}

/**
 * Moves play along on a fresh copy: finishes the hand in play when nothing is left to decide on
 * it (bust, 21, doubled, a split ace), then activates the next hand; when none is left, the
 * dealer's turn. A hand still waiting for its second card (mid-split) stays in play.
 */
function advance(next: Mutable<HandState>): HandState {
  let player = next.player;
  let i = next.active;
  while (i < player.length) {
    const hand = player[i];
    if (hand.cards.length >= 2 && isHandDone(hand, next.rules, player.length)) {
      player = replaced(player, i, withStatus(hand, 'Finished'));
      i++;
      continue;
    }
    player = replaced(player, i, withStatus(hand, 'Active'));
    break;
  }
  next.player = player;
  next.active = i;
  next.phase = i < player.length ? 'PlayerTurn' : 'DealerTurn';
  return next;
}
