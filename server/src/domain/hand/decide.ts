import { CARD_VALUE, HAND_ACTION_NAMES, type HandActionName, type HandRules, isValidBet, MAX_BET, MIN_BET, rulesForLevel } from '@bahati/contracts';
import { type Decider, DomainError, fold } from '../decider';
import { dealerMustHit, evolve, handInPlay, initialState, isBlackjack, isCharlie, isTwoCard21, scoreOf } from './hand';
import type { DealtCard, HandEvent, HandSettled, HandState, PlayerHandState, SettledPlayerHand } from './hand';

export type HandErrorCode =
  | 'NoActiveHand'
  | 'ActiveHand'
  | 'NoDoubleAfterHit'
  | 'NoDoubleAfterSplit'
  | 'SplitNotAllowed'
  | 'InsuranceNotAllowed'
  | 'NoInsuranceNotAllowed'
  | 'EvenMoneyNotAllowed'
  | 'NoEvenMoneyNotAllowed'
  | 'BankTooLow'
  | 'InvalidBetAmount'
  /** Not in spec §8 (the spec has no rule that reaches it): a split ace that may only stand, double or resplit was hit. */
  | 'NoHitSplitAces'
  /** Not a player error: the shoe passed in has no card at the position to draw (a crafted or wrong shoe). */
  | 'ShoeExhausted';

export interface Command<Type extends string, Data> {
  readonly type: Type;
  readonly data: Data;
}

export interface DealData {
  readonly handId: string;
  readonly shoeId: string;
  /** Integer satoshis, MIN_BET to MAX_BET. */
  readonly bet: number;
  /** The bank before this bet is staked. */
  readonly bank: number;
  /** The shoe in dealing order (card ids), read by reference and never copied. */
  readonly cards: ArrayLike<number>;
  /** The next undealt position of the shoe: 0 for its first hand, then the last HandSettled's nextPosition. */
  readonly firstPosition: number;
  /** 0-4; picks the rules unless `rules` is given. */
  readonly level: number;
  readonly rules?: HandRules;
}

export interface ActionData {
  /** The bank now, with every stake of this hand already taken off. */
  readonly bank: number;
  /** The same shoe the hand was dealt from. */
  readonly cards: ArrayLike<number>;
}

/** The hand engine's name of each action the player can take (the API's path segments map onto these in contracts). */
export type PlayerAction = HandActionName;
export const PLAYER_ACTIONS: readonly PlayerAction[] = Object.values(HAND_ACTION_NAMES);

export type Deal = Command<'Deal', DealData>;
export type Hit = Command<'Hit', ActionData>;
export type Stand = Command<'Stand', ActionData>;
export type Double = Command<'Double', ActionData>;
export type Split = Command<'Split', ActionData>;
export type Insurance = Command<'Insurance', ActionData>;
export type NoInsurance = Command<'NoInsurance', ActionData>;
export type EvenMoney = Command<'EvenMoney', ActionData>;
export type NoEvenMoney = Command<'NoEvenMoney', ActionData>;
export type HandCommand = Deal | Hit | Stand | Double | Split | Insurance | NoInsurance | EvenMoney | NoEvenMoney;

function fail(code: HandErrorCode, message: string): never {
  throw new DomainError<HandErrorCode>(code, message);
}

export function decide(command: HandCommand, state: HandState): HandEvent[] {
  switch (command.type) {
    case 'Deal':
      return deal(command.data, state);
    case 'Hit':
      return hit(command.data, state);
    case 'Stand':
      return stand(command.data, state);
    case 'Double':
      return double(command.data, state);
    case 'Split':
      return split(command.data, state);
    case 'Insurance':
      return insurance(command.data, state);
    case 'NoInsurance':
      return noInsurance(command.data, state);
    case 'EvenMoney':
      return evenMoney(command.data, state);
    case 'NoEvenMoney':
      return noEvenMoney(command.data, state);
    default: {
      const _: never = command;
      return _;
    }
  }
}

export const handDecider: Decider<HandCommand, HandState, HandEvent> = { decide, evolve, initialState };

function draw(cards: ArrayLike<number>, position: number): number {
  const card = cards[position];
  if (CARD_VALUE[card] === undefined) fail('ShoeExhausted', `the shoe has no card at position ${position}`);
  return card;
}

function dealt(to: 'Player' | 'Dealer', handIndex: number, position: number, card: number, faceDown = false): DealtCard {
  return { to, handIndex, position, card, faceDown };
}

function deal(d: DealData, state: HandState): HandEvent[] {
  if (handInPlay(state)) fail('ActiveHand', 'Finish the hand in play first.');
  if (!isValidBet(d.bet)) fail('InvalidBetAmount', `A bet is a whole number of satoshis from ${MIN_BET} to ${MAX_BET.toLocaleString('en-US')}.`);
  if (!(d.bet <= d.bank)) fail('BankTooLow', 'The bank is too low for that bet.');
  const rules = d.rules ?? rulesForLevel(d.level);
  const p = d.firstPosition;
  if (!Number.isSafeInteger(p) || p < 0) fail('ShoeExhausted', `invalid first position ${p}`);
  const { handId, cards } = d;
  const player1 = draw(cards, p);
  const up = draw(cards, p + 1);
  const player2 = draw(cards, p + 2);
  const hole = draw(cards, p + 3);
  const out: HandEvent[] = [
    {
      type: 'HandStarted',
      data: {
        handId, shoeId: d.shoeId, level: d.level, rules, bet: d.bet, firstPosition: p,
        cards: [dealt('Player', 0, p, player1), dealt('Dealer', 0, p + 1, up), dealt('Player', 0, p + 2, player2), dealt('Dealer', 0, p + 3, hole, true)],
      },
    },
  ];
  const upValue = CARD_VALUE[up];
  if (upValue === 1) return out;
  const v1 = CARD_VALUE[player1];
  const v2 = CARD_VALUE[player2];
  const playerBlackjack = (v1 === 1 && v2 === 10) || (v1 === 10 && v2 === 1);
  const dealerBlackjack = upValue === 10 && CARD_VALUE[hole] === 1;
  return playerBlackjack || dealerBlackjack ? complete(state, out, cards) : out;
}

function activeHand(state: HandState): PlayerHandState {
  if (state.phase !== 'PlayerTurn') fail('NoActiveHand', 'no hand is waiting for a hit, stand, double or split');
  return state.player[state.active];
}

function hit(d: ActionData, state: HandState): HandEvent[] {
  const hand = activeHand(state);
  if (hand.splitAces && !state.rules.hitSplitAces) fail('NoHitSplitAces', 'split aces cannot be hit');
  const i = state.active;
  const position = state.nextPosition;
  const card = draw(d.cards, position);
  const out: HandEvent[] = [{ type: 'PlayerHit', data: { handId: state.handId, handIndex: i, cards: [dealt('Player', i, position, card)] } }];
  // Most hits leave the hand in play; only a hit that ends it needs the fold in `complete`.
  const value = CARD_VALUE[card];
  const charlie = state.rules.charlie;
  const stillInPlay = scoreOf(hand.hard + value, hand.hasAce || value === 1) < 21 && (charlie === 0 || hand.cards.length + 1 < charlie);
  return stillInPlay ? out : complete(state, out, d.cards);
}

function stand(d: ActionData, state: HandState): HandEvent[] {
  activeHand(state);
  return complete(state, [{ type: 'PlayerStood', data: { handId: state.handId, handIndex: state.active } }], d.cards);
}

function doubleRefusal(state: HandState, hand: PlayerHandState, bank: number): HandErrorCode | null {
  const rules = state.rules;
  if (hand.cards.length !== 2 && !rules.doubleAnyCards) return 'NoDoubleAfterHit';
  if (hand.fromSplit && (!rules.doubleAfterSplit || (hand.splitAces && !rules.doubleSplitAces))) return 'NoDoubleAfterSplit';
  if (!(bank >= hand.bet)) return 'BankTooLow';
  return null;
}

function double(d: ActionData, state: HandState): HandEvent[] {
  const hand = activeHand(state);
  const refusal = doubleRefusal(state, hand, d.bank);
  if (refusal !== null) fail(refusal, refusal === 'BankTooLow' ? 'The bank is too low to double.' : `cannot double this hand (${refusal})`);
  const i = state.active;
  const position = state.nextPosition;
  const card = draw(d.cards, position);
  return complete(
    state,
    [{ type: 'PlayerDoubled', data: { handId: state.handId, handIndex: i, amount: hand.bet, cards: [dealt('Player', i, position, card)] } }],
    d.cards,
  );
}

function splitRefusal(state: HandState, hand: PlayerHandState, bank: number): HandErrorCode | null {
  const rules = state.rules;
  if (hand.pairValue === 0 || state.player.length >= rules.maxHands || (hand.splitAces && !rules.resplitAces)) return 'SplitNotAllowed';
  if (!(bank >= hand.bet)) return 'BankTooLow';
  return null;
}

function split(d: ActionData, state: HandState): HandEvent[] {
  const hand = activeHand(state);
  const refusal = splitRefusal(state, hand, d.bank);
  if (refusal !== null) fail(refusal, refusal === 'BankTooLow' ? 'The bank is too low to split.' : 'only two cards of equal value split, up to four hands');
  const i = state.active;
  const n = state.player.length;
  const position = state.nextPosition;
  const first = draw(d.cards, position);
  const second = draw(d.cards, position + 1);
  const { handId } = state;
  return complete(
    state,
    [
      {
        type: 'HandSplit',
        data: {
          handId, handIndex: i, newHandIndex: n, amount: hand.bet, movedPosition: hand.positions[1], movedCard: hand.cards[1],
          cards: [dealt('Player', i, position, first), dealt('Player', n, position + 1, second)],
        },
      },
    ],
    d.cards,
  );
}

function insurance(d: ActionData, state: HandState): HandEvent[] {
  if (!handInPlay(state)) fail('NoActiveHand', 'There is no hand in play; deal a new one.');
  if (state.phase !== 'InsuranceOffered') fail('InsuranceNotAllowed', 'insurance is offered only against an ace, before any other decision');
  const amount = Math.floor(state.bet / 2);
  if (!(d.bank >= amount)) fail('BankTooLow', 'The bank is too low for insurance.');
  return complete(state, [{ type: 'InsuranceTaken', data: { handId: state.handId, amount } }], d.cards);
}

function noInsurance(d: ActionData, state: HandState): HandEvent[] {
  if (!handInPlay(state)) fail('NoActiveHand', 'There is no hand in play; deal a new one.');
  if (state.phase !== 'InsuranceOffered') fail('NoInsuranceNotAllowed', 'there is no insurance offer to decline');
  return complete(state, [{ type: 'InsuranceDeclined', data: { handId: state.handId } }], d.cards);
}

function evenMoney(d: ActionData, state: HandState): HandEvent[] {
  if (!handInPlay(state)) fail('NoActiveHand', 'There is no hand in play; deal a new one.');
  if (state.phase !== 'EvenMoneyOffered') fail('EvenMoneyNotAllowed', 'even money is offered only on a blackjack against an ace');
  return complete(state, [{ type: 'EvenMoneyTaken', data: { handId: state.handId } }], d.cards);
}

function noEvenMoney(d: ActionData, state: HandState): HandEvent[] {
  if (!handInPlay(state)) fail('NoActiveHand', 'There is no hand in play; deal a new one.');
  if (state.phase !== 'EvenMoneyOffered') fail('NoEvenMoneyNotAllowed', 'there is no even money offer to decline');
  return complete(state, [{ type: 'EvenMoneyDeclined', data: { handId: state.handId } }], d.cards);
}

/** Appends the dealer's play and the settlement when `out` ends the player's part of the hand. */
function complete(state: HandState, out: HandEvent[], cards: ArrayLike<number>): HandEvent[] {
  const after = fold(evolve, state, out);
  if (after.phase === 'DealerTurn') finishRound(after, cards, out);
  return out;
}

function finishRound(state: HandState, cards: ArrayLike<number>, out: HandEvent[]): void {
  const { dealer, rules, handId } = state;
  const dealerBlackjack = isTwoCard21(dealer);
  let hard = dealer.hard;
  let hasAce = dealer.hasAce;
  let position = state.nextPosition;
  // The dealer draws only when a player hand can still lose to or beat the dealer's total.
  if (!dealerBlackjack && !state.evenMoneyTaken && state.player.some((h) => h.hard <= 21 && !isBlackjack(h) && !isCharlie(h, rules))) {
    const drawn: DealtCard[] = [];
    while (dealerMustHit(hard, hasAce, rules)) {
      const card = draw(cards, position);
      drawn.push(dealt('Dealer', 0, position, card));
      const value = CARD_VALUE[card];
      hard += value;
      hasAce ||= value === 1;
      position++;
    }
    const score = scoreOf(hard, hasAce);
    out.push({ type: 'DealerPlayed', data: { handId, score, bust: score > 21, cardsDrawn: drawn.length, cards: drawn } });
  }
  out.push(settle(state, scoreOf(hard, hasAce), dealerBlackjack, position));
}

function settle(state: HandState, dealerScore: number, dealerBlackjack: boolean, nextPosition: number): HandSettled {
  const dealerBust = dealerScore > 21;
  let win = 0;
  let push = 0;
  let evenMoney = 0;
  let doubleBet = 0;
  let splitBet = 0;
  const hands: SettledPlayerHand[] = [];
  for (let i = 0; i < state.player.length; i++) {
    const h = state.player[i];
    const stake = h.bet + h.doubleBet;
    const score = scoreOf(h.hard, h.hasAce);
    const blackjack = isBlackjack(h);
    doubleBet += h.doubleBet;
    if (i > 0) splitBet += h.bet;
    let outcome: SettledPlayerHand['outcome'];
    let returned = 0;
    if (state.evenMoneyTaken) {
      outcome = 'EvenMoney';
      returned = 2 * h.bet;
      evenMoney += returned;
    } else if (blackjack && !dealerBlackjack) {
      outcome = 'Win';
      returned = stake + Math.floor((h.bet * 3) / 2);
    } else if (blackjack) {
      outcome = 'Push';
      returned = stake;
    } else if (dealerBlackjack || score > 21) {
      outcome = 'Lost';
    } else if (isCharlie(h, state.rules)) {
      outcome = 'Win';
      returned = 2 * stake;
    } else if (dealerBust || score > dealerScore) {
      outcome = 'Win';
      returned = 2 * stake;
    } else if (score === dealerScore) {
      outcome = 'Push';
      returned = stake;
    } else {
      outcome = 'Lost';
    }
    if (outcome === 'Win') win += returned;
    else if (outcome === 'Push') push += returned;
    hands.push({ handIndex: i, outcome, stake, returned, score, blackjack });
  }
  const insuranceBet = state.insuranceBet;
  const insuranceWin = dealerBlackjack ? 3 * insuranceBet : 0;
  const totalBet = state.bet + doubleBet + splitBet + insuranceBet;
  const winAmount = win + push + evenMoney + insuranceWin;
  return {
    type: 'HandSettled',
    data: {
      handId: state.handId,
      shoeId: state.shoeId,
      level: state.level,
      bet: state.bet,
      doubleBet,
      splitBet,
      insuranceBet,
      insuranceWin,
      win,
      push,
      evenMoney,
      totalBet,
      winAmount,
      net: winAmount - totalBet,
      hands,
      dealerScore,
      dealerBlackjack,
      dealerBust,
      nextPosition,
    },
  };
}

const NONE: readonly PlayerAction[] = Object.freeze([]);
const INSURANCE_BOTH: readonly PlayerAction[] = Object.freeze(['Insurance', 'NoInsurance'] as const);
const INSURANCE_DECLINE_ONLY: readonly PlayerAction[] = Object.freeze(['NoInsurance'] as const);
const EVEN_MONEY: readonly PlayerAction[] = Object.freeze(['EvenMoney', 'NoEvenMoney'] as const);
/** Indexed by a mask: 1 hit, 2 double, 4 split; Stand is always allowed while a hand is in play. */
const PLAY: readonly (readonly PlayerAction[])[] = Array.from({ length: 8 }, (_, mask) =>
  Object.freeze([
    ...(mask & 1 ? (['Hit'] as const) : []),
    'Stand' as const,
    ...(mask & 2 ? (['Double'] as const) : []),
    ...(mask & 4 ? (['Split'] as const) : []),
  ]),
);

/** Exactly the actions `decide` accepts now for this bank (no Deal: that is the account's call). */
export function allowedActions(state: HandState, bank: number): readonly PlayerAction[] {
  switch (state.phase) {
    case 'InsuranceOffered':
      return bank >= Math.floor(state.bet / 2) ? INSURANCE_BOTH : INSURANCE_DECLINE_ONLY;
    case 'EvenMoneyOffered':
      return EVEN_MONEY;
    case 'PlayerTurn': {
      const hand = state.player[state.active];
      const canHit = hand.splitAces && !state.rules.hitSplitAces ? 0 : 1;
      const canDouble = doubleRefusal(state, hand, bank) === null ? 2 : 0;
      const canSplit = splitRefusal(state, hand, bank) === null ? 4 : 0;
      return PLAY[canHit | canDouble | canSplit];
    }
    default:
      return NONE;
  }
}
