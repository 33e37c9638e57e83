import { Table } from './hand.test-support';
import { DEFAULT_LEVEL_THRESHOLDS, levelForTotalBet, LEVEL_RULES, MAX_LEVEL, rulesForLevel } from './rules';
import { displayScore } from './view';

describe('what the player sees', () => {
  it('the dealer hole card is face down until the hand is finished', () => {
    const t = new Table('T 7 2 9 5 K');
    t.deal();
    const dealer = t.view().dealerHand;
    expect(dealer.cards).toEqual([
      { suit: 'Diamond', rank: 7, value: 7, cardType: 'dealer', faceDown: false },
      { suit: null, rank: 0, value: 0, cardType: 'dealer', faceDown: true },
    ]);
    expect(dealer.cardIndices).toEqual([1, 3]);
    expect(dealer).toMatchObject({ displayScore: '7', score: 7, hasBlackjack: false });
    t.stand();
    expect(t.view().dealerHand.cards[1]).toEqual({ suit: 'Spade', rank: 9, value: 9, cardType: 'dealer', faceDown: false });
    expect(t.view().dealerHand.displayScore).toBe('21');
  });

  it('shows both totals of a soft hand while it is in play, the best once it stands', () => {
    const t = new Table('A 9 6 8');
    t.deal();
    expect(t.view().playerHands[0]).toMatchObject({ displayScore: '7/17', score: 17, hasAce: true, handState: 'Active' });
    t.stand();
    expect(t.view().playerHands[0]).toMatchObject({ displayScore: '17', handState: 'Push' });
  });

  it('shows the dealer ace as 1/11 until the hand is over', () => {
    const t = new Table('K A 9 7');
    t.deal();
    expect(t.view().dealerHand.displayScore).toBe('1/11');
  });

  it('scores: a soft total below 12 shows with +10, Bust above 21, 21 plainly', () => {
    expect(displayScore(7, true, true)).toBe('7/17');
    expect(displayScore(11, true, true)).toBe('21');
    expect(displayScore(12, true, true)).toBe('12');
    expect(displayScore(15, false, true)).toBe('15');
    expect(displayScore(22, false, false)).toBe('Bust');
    expect(displayScore(7, true, false)).toBe('17');
  });

  it('carries the spec §3 hand: base bet, hands with cards, indices, state, double, insurance, blackjack, win amount', () => {
    const t = new Table('8 A 8 5 3 T 4 K T', { bank: 10_000 });
    t.deal(2000);
    t.insurance();
    t.split();
    t.double();
    t.stand();
    const view = t.view();
    expect(view).toMatchObject({ id: 'hand-0', shoeId: 'shoe-1', baseBetAmount: 2000, phase: 'Settled', level: 0, activeHandIndex: null });
    expect(view.playerHands.map((h) => ({ ...h, cards: h.cards.map((c) => c.rank) }))).toEqual([
      { cards: [8, 3, 4], cardIndices: [0, 4, 6], displayScore: '15', handState: 'Win', bet: 2000, doubleBet: 2000, insurance: 1000, hasBlackjack: false, score: 15, hasAce: false, winAmount: 8000 },
      { cards: [8, 10], cardIndices: [2, 5], displayScore: '18', handState: 'Win', bet: 2000, doubleBet: 0, insurance: 0, hasBlackjack: false, score: 18, hasAce: false, winAmount: 4000 },
    ]);
    expect(view.dealerHand.cards.map((c) => c.rank)).toEqual([1, 5, 13, 10]);
    expect(view.winAmount).toBe(12_000);
    expect(view.net).toBe(12_000 - 2000 - 2000 - 2000 - 1000);
  });

  it('shows which hand is being played', () => {
    const t = new Table('8 9 8 7 3 T');
    t.deal();
    expect(t.view().activeHandIndex).toBe(0);
    t.split();
    t.stand();
    expect(t.view().activeHandIndex).toBe(1);
    expect(t.view().winAmount).toBeNull();
  });
});

describe('levels', () => {
  it('come from the total amount bet, by thresholds that are settings', () => {
    expect(DEFAULT_LEVEL_THRESHOLDS).toEqual([0, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000]);
    expect(levelForTotalBet(0)).toBe(0);
    expect(levelForTotalBet(9_999_999)).toBe(0);
    expect(levelForTotalBet(10_000_000)).toBe(1);
    expect(levelForTotalBet(999_999_999)).toBe(2);
    expect(levelForTotalBet(10_000_000_000)).toBe(4);
    expect(levelForTotalBet(5_000, [0, 1_000, 2_000, 10_000, 20_000])).toBe(2);
  });

  it('each keep the rules below and add one for the player', () => {
    expect(MAX_LEVEL).toBe(4);
    expect(LEVEL_RULES[0]).toMatchObject({ dealerHitsSoft17: true, doubleAfterSplit: true, maxHands: 4, resplitAces: false, hitSplitAces: false, doubleSplitAces: false, charlie: 0 });
    expect(LEVEL_RULES[1]).toMatchObject({ resplitAces: true, doubleSplitAces: false });
    expect(LEVEL_RULES[2]).toMatchObject({ resplitAces: true, doubleSplitAces: true, hitSplitAces: false });
    expect(LEVEL_RULES[3]).toMatchObject({ resplitAces: true, doubleSplitAces: true, hitSplitAces: true, charlie: 0 });
    expect(LEVEL_RULES[4]).toMatchObject({ hitSplitAces: true, charlie: 6, dealerHitsSoft17: true });
    expect(() => rulesForLevel(5)).toThrow(RangeError);
  });
});
