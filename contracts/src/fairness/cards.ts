/** Card identity of the 4-deck shoe: card c is deck floor(c/52), suit floor((c%52)/13), rank c%13+1. */
export const DECKS = 4;
export const SHOE_SIZE = 52 * DECKS;

/** In the order of the card identity; `Suit` (contracts/src/game.ts) is the wire type of one. */
export const SUITS = ['Heart', 'Diamond', 'Club', 'Spade'] as const;
type Suit = (typeof SUITS)[number];

/** Blackjack value of each card id: ace 1, faces 10. A lookup because the decider reads it on every draw. */
export const CARD_VALUE: Readonly<Uint8Array> = (() => {
  const v = new Uint8Array(SHOE_SIZE);
  for (let c = 0; c < SHOE_SIZE; c++) v[c] = Math.min((c % 13) + 1, 10);
  return v;
})();

export function cardDeck(card: number): number {
  return Math.floor(card / 52);
}
export function cardSuit(card: number): Suit {
  return SUITS[Math.floor((card % 52) / 13)];
}
/** 1 ace, 2-10, 11 jack, 12 queen, 13 king. */
export function cardRank(card: number): number {
  return (card % 13) + 1;
}
export function cardValue(card: number): number {
  return CARD_VALUE[card];
}

export interface CardIdentity {
  readonly id: number;
  readonly deck: number;
  readonly suit: Suit;
  readonly rank: number;
  readonly value: number;
}
export function cardIdentity(card: number): CardIdentity {
  return { id: card, deck: cardDeck(card), suit: cardSuit(card), rank: cardRank(card), value: cardValue(card) };
}

/** The card id of a rank and suit in a deck; the inverse of the identity above. */
export function cardId(rank: number, suit: Suit, deck = 0): number {
  return deck * 52 + SUITS.indexOf(suit) * 13 + rank - 1;
}
