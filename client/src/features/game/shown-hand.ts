import { type Card, displayScore as scoreText, type Hand, type PlayerHand } from '@bahati/contracts';
import type { Sequence } from './deal-sequence';

/** The score the table shows for the face-up cards that have landed. */
export function displayScore(cards: readonly Card[], inPlay: boolean): string {
  let hard = 0;
  let ace = false;
  for (const card of cards) {
    if (card.faceDown) continue;
    hard += card.value;
    ace ||= card.value === 1;
  }
  return scoreText(hard, ace, inPlay);
}

const faceDown = (card: Card): Card => ({ ...card, suit: null, rank: 0, value: 0, id: null, faceDown: true });

/**
 * The hand as the table shows it while the cards of an answer are in flight: those cards are not there
 * yet, a hole card that is turning over is still face down, and the scores count only the cards that
 * have landed. Results wait (the hand does not read as settled yet), and so do the players' scores
 * while a new deal or a split is still being dealt.
 */
export function handInFlight(hand: Hand, sequence: Sequence): Hand {
  const { entering, delays } = sequence;
  const settles = hand.phase === 'Settled';
  const last = hand.playerHands.length - 1;

  const players = hand.playerHands.map((ph, i): PlayerHand => {
    const cards = ph.cards.filter((c) => !entering.has(`p${c.cardIndex}`));
    if (cards.length === ph.cards.length && !settles) return ph;
    // Before a settling answer only the last hand was still in play; the earlier ones had finished.
    const inPlay = !settles || i === last;
    const hasBlackjack = ph.hasBlackjack && cards.length === ph.cards.length;
    // A double's card is its last: until it lands the stake is the one before the double.
    const doubling = ph.doubleBet && cards.length < ph.cards.length && entering.has(`p${ph.cards[ph.cards.length - 1]!.cardIndex}`);
    const stake = doubling ? { doubleBet: false, betAmount: ph.betAmount / 2 } : {};
    return { ...ph, ...stake, cards, cardIndices: cards.map((c) => c.cardIndex), displayScore: displayScore(cards, inPlay), hasBlackjack };
  });
  const dealing = players.some((ph) => ph.cards.length < 2);
  const playerHands = dealing ? players.map((ph) => ({ ...ph, displayScore: '' })) : players;

  const dealerCards = hand.dealerHand.cards
    .filter((c) => !entering.has(`d${c.cardIndex}`))
    .map((c) => (delays[`d${c.cardIndex}`] !== undefined ? faceDown(c) : c));
  const dealerMoves = hand.dealerHand.cards.some((c) => delays[`d${c.cardIndex}`] !== undefined);
  const dealerHand = dealerMoves
    ? {
        ...hand.dealerHand,
        cards: dealerCards,
        cardIndices: dealerCards.filter((c) => !c.faceDown).map((c) => c.cardIndex),
        displayScore: dealerCards.length ? displayScore(dealerCards, true) : '',
        hasBlackjack: false,
      }
    : hand.dealerHand;

  // The hand being dealt to is the one in play; a settling answer was played on the last hand.
  const receiving = hand.playerHands.findIndex((ph) => ph.cards.some((c) => entering.has(`p${c.cardIndex}`)));
  return {
    ...hand,
    phase: settles ? 'PlayerTurn' : hand.phase,
    activeHandIndex: receiving >= 0 ? receiving : settles ? last : hand.activeHandIndex,
    dealerHand,
    playerHands,
  };
}
