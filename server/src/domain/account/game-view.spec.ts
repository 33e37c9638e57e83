import { Table } from '../hand/hand.test-support';

describe('what the table shows of a hand', () => {
  it('keeps the dealer hole card face down until the hand is finished', () => {
    const t = new Table('T 7 2 9 5 K');
    t.deal();
    const dealer = t.view().dealerHand;
    expect(dealer.cards).toEqual([
      { suit: 'Diamond', rank: 7, value: 7, cardIndex: 1, id: expect.any(Number), faceDown: false },
      { suit: null, rank: 0, value: 0, cardIndex: 3, id: null, faceDown: true },
    ]);
    expect(dealer.cardIndices).toEqual([1]);
    expect(dealer).toMatchObject({ displayScore: '7', score: 7, hasBlackjack: false });
    t.stand();
    expect(t.view().dealerHand.cards[1]).toMatchObject({ suit: 'Spade', rank: 9, value: 9, cardIndex: 3, faceDown: false });
    expect(t.view().dealerHand.cardIndices).toEqual([1, 3, 4]);
    expect(t.view().dealerHand.displayScore).toBe('21');
  });

  it('shows both totals of a soft hand while it is in play, the best once it stands', () => {
    const t = new Table('A 9 6 8');
    t.deal();
    expect(t.view().playerHands[0]).toMatchObject({ displayScore: '7/17', score: 17, hasAce: true, handState: 'Active' });
    t.stand();
    expect(t.view().playerHands[0]).toMatchObject({ displayScore: '17', handState: 'Push' });
  });

  it('shows the dealer ace as 1/11 while the hand is in play', () => {
    const t = new Table('K A 9 7');
    t.deal();
    expect(t.view().dealerHand.displayScore).toBe('1/11');
    expect(t.view()).toMatchObject({ phase: 'InsuranceOffered', insuranceOffered: true, allowedActions: ['insurance', 'noinsurance'] });
  });

  it('carries the stakes, each hand, the dealer and what was won once settled', () => {
    const t = new Table('8 A 8 5 3 T 4 K T', { bank: 10_000 });
    t.deal(2000);
    t.insurance();
    t.split();
    t.double();
    t.stand();
    const view = t.view();
    expect(view).toMatchObject({ id: 'hand-0', shoeId: 'shoe-1', baseBetAmount: 2000, phase: 'Settled', level: 0, activeHandIndex: null, allowedActions: [] });
    expect(view.playerHands.map((h) => ({ ...h, cards: h.cards.map((c) => c.rank) }))).toEqual([
      { cards: [8, 3, 4], cardIndices: [0, 4, 6], displayScore: '15', handState: 'Win', doubleBet: true, insurance: true, hasBlackjack: false, score: 15, hasAce: false, betAmount: 4000, winAmount: 8000 },
      { cards: [8, 10], cardIndices: [2, 5], displayScore: '18', handState: 'Win', doubleBet: false, insurance: false, hasBlackjack: false, score: 18, hasAce: false, betAmount: 2000, winAmount: 4000 },
    ]);
    expect(view.dealerHand.cards.map((c) => c.rank)).toEqual([1, 5, 13, 10]);
    expect(view).toMatchObject({ insuranceBet: 1000, insuranceWin: 0, totalBetAmount: 7000, winAmount: 12_000, dealerBlackjack: false });
  });

  it('shows which hand is being played and offers only what the bank allows', () => {
    const t = new Table('8 9 8 7 3 T', { bank: 1_000 });
    t.deal(1000);
    expect(t.view().activeHandIndex).toBe(0);
    expect(t.view().allowedActions).toEqual(['hit', 'stand']);
    t.bank = 10_000;
    expect(t.view().allowedActions).toEqual(expect.arrayContaining(['hit', 'stand', 'double', 'split']));
    t.split();
    t.stand();
    expect(t.view().activeHandIndex).toBe(1);
    expect(t.view().winAmount).toBeNull();
  });
});
