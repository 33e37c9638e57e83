import { type Card, cardRank, displayScore, cardSuit, cardValue, type DealerHand, type Hand, type HandAction, HAND_ACTION_NAMES, HAND_ACTIONS, type HandPhase, type PlayerHand, type Shoe } from '@bahati/contracts';
import { type PlayerAction, allowedActions } from '../hand/decide';
import { type HandState, type PlayerHandState, isBlackjack, isTwoCard21, scoreOf } from '../hand/hand';
import { shuffleShoe } from '../fairness';
import type { HandMeta } from './game';

/** What the table shows of a hand (spec §3 Hand), from the hand engine's state. */

const ACTION_PATH = Object.fromEntries(HAND_ACTIONS.map((path) => [HAND_ACTION_NAMES[path], path])) as Record<PlayerAction, HandAction>;

export function cardView(card: number, position: number): Card {
  return { suit: cardSuit(card), rank: cardRank(card), value: cardValue(card), cardIndex: position, id: card, faceDown: false };
}

export function hiddenCard(position: number): Card {
  return { suit: null, rank: 0, value: 0, cardIndex: position, id: null, faceDown: true };
}

function phaseOf(state: HandState): HandPhase {
  switch (state.phase) {
    case 'InsuranceOffered':
    case 'EvenMoneyOffered':
    case 'PlayerTurn':
      return state.phase;
    case 'Dealing':
    case 'DealerTurn':
      return 'PlayerTurn';
    default:
      return 'Settled';
  }
}

function playerHandView(state: HandState, hand: PlayerHandState, index: number, settled: boolean): PlayerHand {
  const inPlay = !settled && (hand.status === 'Active' || hand.status === 'New');
  return {
    cards: hand.cards.map((c, i) => cardView(c, hand.positions[i]!)),
    cardIndices: [...hand.positions],
    displayScore: displayScore(hand.hard, hand.hasAce, inPlay),
    handState: hand.status,
    doubleBet: hand.doubleBet > 0,
    insurance: index === 0 && state.insuranceBet > 0,
    hasBlackjack: isBlackjack(hand),
    score: scoreOf(hand.hard, hand.hasAce),
    hasAce: hand.hasAce,
    betAmount: hand.bet + hand.doubleBet,
    winAmount: state.settlement?.hands.find((h) => h.handIndex === index)?.returned ?? null,
  };
}

function dealerView(state: HandState, settled: boolean): DealerHand {
  const { positions, cards } = state.dealer;
  const visible = settled ? cards.length : Math.min(1, cards.length);
  let hard = 0;
  let hasAce = false;
  for (let i = 0; i < visible; i++) {
    const v = cardValue(cards[i]!);
    hard += v;
    hasAce ||= v === 1;
  }
  return {
    cards: cards.map((c, i) => (i < visible ? cardView(c, positions[i]!) : hiddenCard(positions[i]!))),
    cardIndices: positions.slice(0, visible),
    displayScore: cards.length ? displayScore(hard, hasAce, !settled) : '',
    score: scoreOf(hard, hasAce),
    hasBlackjack: settled && isTwoCard21(state.dealer),
  };
}

/** Everything staked on the hand so far: bet, doubles, splits and insurance. */
export function handTotalBet(state: HandState): number {
  if (state.settlement) return state.settlement.totalBet;
  return state.player.reduce((sum, h, i) => sum + h.doubleBet + (i > 0 ? h.bet : 0), state.bet) + state.insuranceBet;
}

/** `bank` is the player's bank now: it decides which actions are offered. */
export function handView(state: HandState, meta: HandMeta, bank: number, finishedTime: string | null = null): Hand {
  const phase = phaseOf(state);
  const settled = phase === 'Settled';
  const s = state.settlement;
  return {
    id: meta.handId,
    shoeId: meta.shoeId,
    handNumber: meta.handNumber,
    baseBetAmount: state.bet,
    createdTime: meta.openedAt,
    finishedTime: state.settlement ? finishedTime : null,
    level: state.level,
    phase,
    activeHandIndex: phase === 'PlayerTurn' ? state.active : null,
    allowedActions: settled ? [] : allowedActions(state, bank).map((a) => ACTION_PATH[a]),
    insuranceOffered: phase === 'InsuranceOffered',
    evenMoneyOffered: phase === 'EvenMoneyOffered',
    dealerHand: dealerView(state, settled),
    playerHands: state.player.map((h, i) => playerHandView(state, h, i, settled)),
    insuranceBet: state.insuranceBet,
    insuranceWin: s?.insuranceWin ?? 0,
    totalBetAmount: handTotalBet(state),
    winAmount: s?.winAmount ?? null,
    dealerBlackjack: s ? s.dealerBlackjack : null,
  };
}

export interface ShoeRecord {
  id: string;
  playerSeed: string | null;
  /** Null while the shoe is in use. */
  houseSeed: string | null;
  houseSeedHash: string;
  handCount: number;
  retired: boolean;
  retiredEarly: boolean;
  createdTime: string;
  retiredTime: string | null;
}

/** Spec §3 Shoe: the house seed and the cards only once the shoe is retired. */
export function shoeView(shoe: ShoeRecord): Shoe {
  const reveal = shoe.retired && shoe.houseSeed !== null;
  const cards = reveal && shoe.playerSeed ? shuffleShoe(shoe.playerSeed, shoe.houseSeed!).map((c, i) => cardView(c, i)) : [];
  return {
    id: shoe.id,
    playerSeed: shoe.playerSeed ?? '',
    houseSeed: reveal ? shoe.houseSeed! : '',
    houseSeedHash: shoe.houseSeedHash,
    handCount: shoe.handCount,
    retired: shoe.retired,
    retiredEarly: shoe.retiredEarly,
    createdTime: shoe.createdTime,
    retiredTime: shoe.retiredTime,
    cards,
  };
}
