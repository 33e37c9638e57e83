import { CARD_VALUE, cardRank, cardSuit, type Suit } from '../shoe/cards';
import { type HandPhase, type HandState, isBlackjack, isTwoCard21, type PlayerHandStatus, scoreOf } from './hand';

/** A card as the player sees it (spec §3); a face-down card shows rank 0 and no suit. */
export interface CardView {
  readonly suit: Suit | null;
  /** 1 ace … 13 king; 0 face down. */
  readonly rank: number;
  /** Ace 1, faces 10; 0 face down. */
  readonly value: number;
  readonly cardType: 'player' | 'dealer';
  readonly faceDown: boolean;
}

export interface DealerHandView {
  readonly cards: readonly CardView[];
  /** Shoe positions of the cards. */
  readonly cardIndices: readonly number[];
  /** Of the visible cards only while the hand is unfinished. */
  readonly displayScore: string;
  readonly score: number;
  /** Known only once the hand is finished (false before). */
  readonly hasBlackjack: boolean;
}

export interface PlayerHandView {
  readonly cards: readonly CardView[];
  readonly cardIndices: readonly number[];
  readonly displayScore: string;
  readonly handState: PlayerHandStatus;
  /** The hand's stake before any double. */
  readonly bet: number;
  /** Extra stake from doubling (0: not doubled); the third card is shown rotated. */
  readonly doubleBet: number;
  /** Insurance staked on this hand (only the first hand can carry it). */
  readonly insurance: number;
  readonly hasBlackjack: boolean;
  readonly score: number;
  readonly hasAce: boolean;
  /** What this hand returned to the bank once settled (stake included), else null. */
  readonly winAmount: number | null;
}

/** The hand of spec §3, as the player may see it at this moment. */
export interface HandView {
  readonly id: string;
  readonly shoeId: string;
  readonly level: number;
  readonly phase: HandPhase;
  readonly baseBetAmount: number;
  readonly dealerHand: DealerHandView;
  readonly playerHands: readonly PlayerHandView[];
  /** Index of the hand the player acts on, or null. */
  readonly activeHandIndex: number | null;
  readonly evenMoney: boolean;
  /** Everything the hand returned to the bank (settlement winAmount), null until settled. */
  readonly winAmount: number | null;
  /** winAmount minus every stake, null until settled. */
  readonly net: number | null;
  readonly firstPosition: number;
  readonly nextPosition: number;
}

/**
 * "7/17" while a soft hand is still in play (a soft total below 12 shows with +10 beside it),
 * the best total otherwise, "Bust" above 21.
 */
export function displayScore(hard: number, hasAce: boolean, inPlay: boolean): string {
  if (hard > 21) return 'Bust';
  if (hasAce && hard <= 11) return inPlay && hard + 10 !== 21 ? `${hard}/${hard + 10}` : String(hard + 10);
  return String(hard);
}

function cardView(card: number, cardType: 'player' | 'dealer'): CardView {
  return { suit: cardSuit(card), rank: cardRank(card), value: CARD_VALUE[card], cardType, faceDown: false };
}
const FACE_DOWN: CardView = Object.freeze({ suit: null, rank: 0, value: 0, cardType: 'dealer' as const, faceDown: true });

export function toHandView(state: HandState): HandView {
  const finished = state.phase === 'Settled';
  const settlement = state.settlement;
  const dealer = state.dealer;
  const dealerCards = dealer.cards.map((c, i) => (i === 1 && !finished ? FACE_DOWN : cardView(c, 'dealer')));
  let dealerHard = 0;
  let dealerAce = false;
  for (const c of dealerCards) {
    dealerHard += c.value;
    dealerAce ||= c.value === 1;
  }
  const playerHands = state.player.map((h, i): PlayerHandView => {
    const inPlay = h.status === 'New' || h.status === 'Active';
    return {
      cards: h.cards.map((c) => cardView(c, 'player')),
      cardIndices: h.positions,
      displayScore: displayScore(h.hard, h.hasAce, inPlay),
      handState: h.status,
      bet: h.bet,
      doubleBet: h.doubleBet,
      insurance: i === 0 ? state.insuranceBet : 0,
      hasBlackjack: isBlackjack(h),
      score: scoreOf(h.hard, h.hasAce),
      hasAce: h.hasAce,
      winAmount: settlement?.hands[i]?.returned ?? null,
    };
  });
  return {
    id: state.handId,
    shoeId: state.shoeId,
    level: state.level,
    phase: state.phase,
    baseBetAmount: state.bet,
    dealerHand: {
      cards: dealerCards,
      cardIndices: dealer.positions,
      displayScore: dealerCards.length === 0 ? '' : displayScore(dealerHard, dealerAce, !finished),
      score: scoreOf(dealerHard, dealerAce),
      hasBlackjack: finished && isTwoCard21(dealer),
    },
    playerHands,
    activeHandIndex: state.phase === 'PlayerTurn' ? state.active : null,
    evenMoney: state.evenMoneyTaken,
    winAmount: settlement?.winAmount ?? null,
    net: settlement?.net ?? null,
    firstPosition: state.firstPosition,
    nextPosition: state.nextPosition,
  };
}
