import { cardDeck, cardId, cardIdentity, cardRank, cardSuit, cardValue, SHOE_SIZE, SUITS } from './cards';

describe('card identity', () => {
  it('numbers cards deck by deck, hearts diamonds clubs spades, ace to king', () => {
    expect(SUITS).toEqual(['Heart', 'Diamond', 'Club', 'Spade']);
    expect(cardIdentity(0)).toEqual({ id: 0, deck: 0, suit: 'Heart', rank: 1, value: 1 });
    expect(cardIdentity(12)).toEqual({ id: 12, deck: 0, suit: 'Heart', rank: 13, value: 10 });
    expect(cardIdentity(13)).toMatchObject({ suit: 'Diamond', rank: 1 });
    expect(cardIdentity(51)).toMatchObject({ deck: 0, suit: 'Spade', rank: 13 });
    expect(cardIdentity(207)).toEqual({ id: 207, deck: 3, suit: 'Spade', rank: 13, value: 10 });
  });

  it('values aces 1, number cards at face value and jacks, queens and kings 10', () => {
    expect([1, 2, 9, 10, 11, 12, 13].map((rank) => cardValue(cardId(rank, 'Club', 2)))).toEqual([1, 2, 9, 10, 10, 10, 10]);
  });

  it('maps rank, suit and deck back to the same card', () => {
    for (let c = 0; c < SHOE_SIZE; c++) expect(cardId(cardRank(c), cardSuit(c), cardDeck(c))).toBe(c);
  });
});
