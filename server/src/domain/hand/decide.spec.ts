import { DomainError } from '../decider';
import { CARD_VALUE } from '@bahati/contracts';
import { handDecider } from './decide';
import { cardsDealtBy, type HandEvent } from './hand';
import { domainErrorOf, given, shoe, Table } from './hand.test-support';
import { MAX_BET } from '@bahati/contracts';
import { BASE_RULES, LEVEL_RULES } from '@bahati/contracts';

const settled = (events: HandEvent[]) => events.find((e) => e.type === 'HandSettled');
const cardsOf = (events: HandEvent[]) => events.flatMap(cardsDealtBy);

describe('dealing a hand', () => {
  it('deals player, dealer up card, player, dealer hole card from consecutive shoe positions', () => {
    given(new Table('9 7 5 K 3')).when('Deal', { bet: 1000 }).then((events, state, t) => {
      expect(events[0]).toEqual({
        type: 'HandStarted',
        data: { handId: 'hand-0', shoeId: 'shoe-1', level: 0, rules: BASE_RULES, bet: 1000, firstPosition: 0, cards: expect.any(Array) },
      });
      expect(events).toHaveLength(1);
      expect(cardsOf(events).map((c) => [c.to, c.position, CARD_VALUE[c.card], c.faceDown])).toEqual([
        ['Player', 0, 9, false],
        ['Dealer', 1, 7, false],
        ['Player', 2, 5, false],
        ['Dealer', 3, 10, true],
      ]);
      expect(state.phase).toBe('PlayerTurn');
      expect(t.allowed()).toEqual(['Hit', 'Stand', 'Double']);
    });
  });

  it('starts the next hand of the shoe where the last one stopped', () => {
    const stood = given('T 7 9 T 5 9 T 8 A', {}, 'Stand');
    expect(stood.table.settlement.nextPosition).toBe(4);
    stood.when('Deal').then((events) => {
      expect(events[0].data).toMatchObject({ firstPosition: 4 });
      expect(cardsOf(events).map((c) => c.position)).toEqual([4, 5, 6, 7]);
    });
  });

  it('takes the bet from the bank', () => {
    given(new Table('9 7 5 K', { bank: 5000 })).when('Deal', { bet: 1200 }).then((_events, _state, t) => expect(t.bank).toBe(3800));
  });

  it.each([
    ['zero', 0],
    ['negative', -1000],
    ['fractional', 1000.5],
    ['above the 500,000 maximum', MAX_BET + 1],
    ['not a number', Number.NaN],
  ])('refuses a bet that is %s', (_, bet) => {
    given(new Table('9 7 5 K')).when('Deal', { bet }).thenThrows('InvalidBetAmount');
  });

  it('accepts the maximum bet', () => {
    given(new Table('9 7 5 K', { bank: MAX_BET })).when('Deal', { bet: MAX_BET }).then((events) => expect(events[0]).toMatchObject({ type: 'HandStarted', data: { bet: MAX_BET } }));
  });

  it('refuses a bet above the bank', () => {
    given(new Table('9 7 5 K', { bank: 999 })).when('Deal', { bet: 1000 }).thenThrows('BankTooLow');
    given(new Table('9 7 5 K', { bank: 0 })).when('Deal', { bet: 1 }).thenThrows('BankTooLow');
  });

  it('refuses a new deal while a hand is in play', () => {
    given('9 7 5 K').when('Deal').thenThrows('ActiveHand');
    given('K A 9 7').when('Deal').thenThrows('ActiveHand');
  });

  it('records the level and its rules on the hand', () => {
    given(new Table('9 7 5 K', { level: 3 })).when('Deal').then((events, state) => {
      expect(state.rules).toBe(LEVEL_RULES[3]);
      expect(events[0].data).toMatchObject({ level: 3, rules: LEVEL_RULES[3] });
    });
  });

  it('refuses to deal past the end of the shoe it was given', () => {
    given(new Table('9 7 5')).when('Deal').thenThrows('ShoeExhausted');
  });

  it('refuses every play when no hand was dealt', () => {
    for (const action of ['Hit', 'Stand', 'Double', 'Split', 'Insurance', 'NoInsurance', 'EvenMoney', 'NoEvenMoney'] as const) {
      given(new Table('9 7 5 K')).when(action).thenThrows('NoActiveHand');
    }
  });

  it('is a decider: decide, evolve and an empty initial state', () => {
    expect(handDecider.initialState().phase).toBe('NoHand');
  });
});

describe('blackjack', () => {
  it('pays 3 to 2 at once on an ace and a king, without the dealer drawing', () => {
    given(new Table('A 9 K 7 5')).when('Deal', { bet: 1000 }).then((events, _state, t) => {
      expect(events.map((e) => e.type)).toEqual(['HandStarted', 'HandSettled']);
      expect(cardsOf(events)).toHaveLength(4);
      expect(t.settlement).toMatchObject({ bet: 1000, win: 2500, winAmount: 2500, net: 1500, totalBet: 1000, nextPosition: 4 });
      expect(t.settlement.hands[0]).toMatchObject({ outcome: 'Win', blackjack: true, returned: 2500 });
      expect(t.view().playerHands[0]).toMatchObject({ handState: 'Win', hasBlackjack: true, displayScore: '21' });
      expect(t.bank).toBe(1_000_000 + 1500);
    });
  });

  it('rounds 3 to 2 down to the satoshi: the house keeps the half', () => {
    const t = new Table('A 9 K 7');
    t.deal(1001);
    expect(t.settlement).toMatchObject({ win: 1001 + 1501, net: 1501 });
    const one = new Table('K 9 A 7');
    one.deal(1);
    expect(one.settlement).toMatchObject({ win: 2, net: 1 });
  });

  it('pushes against a dealer blackjack found by the peek under a ten', () => {
    const t = new Table('A K K A');
    t.deal();
    expect(t.settlement).toMatchObject({ push: 1000, win: 0, net: 0, dealerBlackjack: true });
    expect(t.settlement.hands[0]).toMatchObject({ outcome: 'Push', blackjack: true });
  });

  it('is only an ace and a ten-value as the first two cards', () => {
    const t = new Table('7 9 4 8 K');
    t.deal();
    t.hit();
    expect(t.settlement.hands[0]).toMatchObject({ score: 21, blackjack: false });
  });
});

describe('the dealer peeks under a ten', () => {
  it('ends the hand at once when the dealer has blackjack: only the bet is lost', () => {
    const t = new Table('K Q Q A');
    t.deal(1000);
    expect(t.state.phase).toBe('Settled');
    expect(t.settlement).toMatchObject({ net: -1000, dealerBlackjack: true, totalBet: 1000 });
    expect(t.view().playerHands[0].handState).toBe('Lost');
    given(t).when('Hit').thenThrows('NoActiveHand');
  });

  it('lets the player act when there is no blackjack, the hole card still hidden', () => {
    const t = new Table('K Q 6 9');
    t.deal();
    expect(t.state.phase).toBe('PlayerTurn');
    expect(t.view().dealerHand.cards[1]).toMatchObject({ rank: 0, faceDown: true, suit: null });
  });
});

describe('insurance', () => {
  it('is offered first when the dealer shows an ace; nothing else may be played yet', () => {
    const t = new Table('K A 9 Q');
    t.deal();
    expect(t.state.phase).toBe('InsuranceOffered');
    expect(t.allowed()).toEqual(['Insurance', 'NoInsurance']);
    expect(t.view().playerHands[0].handState).toBe('New');
    for (const action of ['Hit', 'Stand', 'Double', 'Split'] as const) given(t).when(action).thenThrows('NoActiveHand');
  });

  it('costs half the bet and pays 2 to 1 when the dealer has blackjack', () => {
    given('K A 9 Q', { bank: 10_000, bet: 1000 }).when('Insurance').then((events, _state, t) => {
      expect(events[0]).toEqual({ type: 'InsuranceTaken', data: { handId: 'hand-0', amount: 500 } });
      expect(t.settlement).toMatchObject({ bet: 1000, insuranceBet: 500, insuranceWin: 1500, totalBet: 1500, winAmount: 1500, net: 0 });
      expect(t.bank).toBe(10_000);
      expect(t.view().playerHands[0]).toMatchObject({ handState: 'Lost', insurance: true });
      expect(t.view().insuranceBet).toBe(500);
    });
  });

  it('is lost when the dealer has no blackjack, and the hand plays on', () => {
    const t = new Table('K A 9 7');
    t.deal(1000);
    t.insurance();
    expect(t.state.phase).toBe('PlayerTurn');
    t.stand();
    expect(t.settlement).toMatchObject({ insuranceBet: 500, insuranceWin: 0, win: 2000, totalBet: 1500, net: 500, dealerScore: 18 });
  });

  it('costs half the bet rounded down', () => {
    given('K A 9 7', { bet: 1001 }).when('Insurance').then((events) => expect(events[0].data).toMatchObject({ amount: 500 }));
  });

  it('declined: the dealer checks, and a blackjack takes the bet', () => {
    given('K A 9 Q').when('NoInsurance').then((events, _state, t) => {
      expect(events.map((e) => e.type)).toEqual(['InsuranceDeclined', 'HandSettled']);
      expect(t.settlement).toMatchObject({ net: -1000, insuranceBet: 0 });
    });
  });

  it('declined: without a dealer blackjack the player acts', () => {
    given('K A 9 7').when('NoInsurance').then((_events, _state, t) => expect(t.allowed()).toEqual(['Hit', 'Stand', 'Double']));
  });

  it('needs half the bet in the bank', () => {
    const g = given('K A 9 7', { bank: 1400 });
    expect(g.table.allowed()).toEqual(['NoInsurance']);
    g.when('Insurance').thenThrows('BankTooLow');
  });

  it('is not offered without an ace up, nor twice', () => {
    given('K 9 9 7').when('Insurance').thenThrows('InsuranceNotAllowed');
    given('K 9 9 7').when('NoInsurance').thenThrows('NoInsuranceNotAllowed');
    given('K A 9 7', {}, 'NoInsurance').when('Insurance').thenThrows('InsuranceNotAllowed');
    given('K A 9 7', {}, 'Insurance').when('NoInsurance').thenThrows('NoInsuranceNotAllowed');
  });

  it('is not offered on a blackjack: even money is', () => {
    given('A A K 7').when('Insurance').thenThrows('InsuranceNotAllowed');
    given('A A K 7').when('NoInsurance').thenThrows('NoInsuranceNotAllowed');
  });
});

describe('even money', () => {
  it('is offered on a blackjack against an ace', () => {
    const t = new Table('A A K 7');
    t.deal();
    expect(t.state.phase).toBe('EvenMoneyOffered');
    expect(t.allowed()).toEqual(['EvenMoney', 'NoEvenMoney']);
    given(t).when('Hit').thenThrows('NoActiveHand');
  });

  it('pays 1 to 1 at once, whatever the hole card', () => {
    for (const cards of ['A A K 7', 'A A K K']) {
      given(cards, { bet: 1000 }).when('EvenMoney').then((events, _state, t) => {
        expect(events.map((e) => e.type)).toEqual(['EvenMoneyTaken', 'HandSettled']);
        expect(t.settlement).toMatchObject({ evenMoney: 2000, winAmount: 2000, net: 1000 });
        expect(t.view().playerHands[0].handState).toBe('EvenMoney');
      });
    }
  });

  it('declined: 3 to 2 when the dealer has no blackjack, a push when it has', () => {
    const win = new Table('A A K 7');
    win.deal(1000);
    win.noEvenMoney();
    expect(win.settlement).toMatchObject({ win: 2500, net: 1500 });
    const push = new Table('A A K K');
    push.deal(1000);
    push.noEvenMoney();
    expect(push.settlement).toMatchObject({ push: 1000, net: 0, dealerBlackjack: true });
  });

  it('is offered only on a blackjack against an ace, once', () => {
    given('K A 9 7').when('EvenMoney').thenThrows('EvenMoneyNotAllowed');
    given('K A 9 7').when('NoEvenMoney').thenThrows('NoEvenMoneyNotAllowed');
    given('K 9 9 7').when('EvenMoney').thenThrows('EvenMoneyNotAllowed');
    const t = new Table('A A K 7');
    t.deal();
    t.noEvenMoney();
    given(t).when('EvenMoney').thenThrows('NoActiveHand');
  });
});

describe('hitting and standing', () => {
  it('a hit draws the next card of the shoe', () => {
    given('T 7 2 9 5 K').when('Hit').then((events, _state, t) => {
      expect(events).toEqual([{ type: 'PlayerHit', data: { handId: 'hand-0', handIndex: 0, cards: [{ to: 'Player', handIndex: 0, position: 4, card: expect.any(Number), faceDown: false }] } }]);
      expect(t.view().playerHands[0].score).toBe(17);
    });
  });

  it('busting loses at once and the dealer does not draw', () => {
    given('T 7 6 9 K 5').when('Hit').then((events, _state, t) => {
      expect(events.map((e) => e.type)).toEqual(['PlayerHit', 'HandSettled']);
      expect(t.settlement).toMatchObject({ net: -1000, nextPosition: 5 });
      expect(t.view().playerHands[0]).toMatchObject({ handState: 'Lost', displayScore: 'Bust' });
    });
  });

  it('reaching 21 stands the hand and the dealer plays', () => {
    given('T 7 6 9 5 2').when('Hit').then((events, _state, t) => {
      expect(events.map((e) => e.type)).toEqual(['PlayerHit', 'DealerPlayed', 'HandSettled']);
      expect(cardsOf(events).map((c) => [c.to, c.position])).toEqual([['Player', 4], ['Dealer', 5]]);
      expect(t.settlement).toMatchObject({ dealerScore: 18, win: 2000, net: 1000 });
    });
  });

  it('standing lets the dealer draw to 17; a bust dealer pays every standing hand', () => {
    given('T 7 2 9 5 K', {}, 'Hit').when('Stand').then((events, _state, t) => {
      expect(events.map((e) => e.type)).toEqual(['PlayerStood', 'DealerPlayed', 'HandSettled']);
      expect(events[1].data).toEqual({ handId: 'hand-0', score: 26, bust: true, cardsDrawn: 1, cards: [{ to: 'Dealer', handIndex: 0, position: 5, card: expect.any(Number), faceDown: false }] });
      expect(t.settlement).toMatchObject({ dealerBust: true, win: 2000, net: 1000 });
    });
  });

  it('the dealer hits soft 17 at the base level', () => {
    const t = new Table('T 6 8 A 4');
    t.deal();
    t.stand();
    expect(t.settlement).toMatchObject({ dealerScore: 21, net: -1000 });
  });

  it('the dealer stands on soft 17 where the rules say so', () => {
    const t = new Table('T 6 8 A 4', { rules: { ...BASE_RULES, dealerHitsSoft17: false } });
    t.deal();
    t.stand();
    expect(t.settlement).toMatchObject({ dealerScore: 17, net: 1000 });
  });

  it('the dealer stands on hard 17', () => {
    given('T T 8 7 5').when('Stand').then((events, _state, t) => {
      expect(events[1]).toMatchObject({ type: 'DealerPlayed', data: { score: 17, cardsDrawn: 0, cards: [] } });
      expect(t.settlement).toMatchObject({ win: 2000, nextPosition: 4 });
    });
  });

  it('a tie pushes and a lower total loses', () => {
    const push = new Table('T T 8 8');
    push.deal();
    push.stand();
    expect(push.settlement).toMatchObject({ push: 1000, net: 0, hands: [expect.objectContaining({ outcome: 'Push' })] });
    const lost = new Table('T T 7 8');
    lost.deal();
    lost.stand();
    expect(lost.settlement).toMatchObject({ win: 0, push: 0, net: -1000, hands: [expect.objectContaining({ outcome: 'Lost' })] });
  });

  it('no play is accepted once the hand is settled', () => {
    const t = new Table('T T 7 8');
    t.deal();
    t.stand();
    for (const action of ['Hit', 'Stand', 'Double', 'Split'] as const) given(t).when(action).thenThrows('NoActiveHand');
  });
});

describe('doubling', () => {
  it('doubles the stake on any two cards, deals exactly one card and stands', () => {
    given('6 9 5 7 K 4', { bank: 10_000, bet: 1000 }).when('Double').then((events, _state, t) => {
      expect(events[0]).toEqual({ type: 'PlayerDoubled', data: { handId: 'hand-0', handIndex: 0, amount: 1000, cards: [expect.objectContaining({ to: 'Player', position: 4 })] } });
      expect(t.settlement).toMatchObject({ doubleBet: 1000, totalBet: 2000, win: 4000, net: 2000 });
      expect(t.settlement.hands[0]).toMatchObject({ stake: 2000, returned: 4000, score: 21 });
      expect(t.view().playerHands[0]).toMatchObject({ doubleBet: true, betAmount: 2000 });
      expect(t.bank).toBe(12_000);
    });
  });

  it('a doubled hand that busts loses both stakes', () => {
    const t = new Table('T 9 6 7 K');
    t.deal();
    t.double();
    expect(t.settlement).toMatchObject({ totalBet: 2000, net: -2000 });
  });

  it('is allowed on soft hands too', () => {
    const t = new Table('A 5 7 T 3 5');
    t.deal();
    t.double();
    expect(t.settlement).toMatchObject({ doubleBet: 1000, hands: [expect.objectContaining({ score: 21 })] });
  });

  it('is refused after a hit', () => {
    given('5 9 3 7 2', {}, 'Hit').when('Double').thenThrows('NoDoubleAfterHit');
  });

  it('is refused when the bank cannot cover the bet again', () => {
    const g = given('6 9 5 7 K', { bank: 1999 });
    expect(g.table.allowed()).toEqual(['Hit', 'Stand']);
    g.when('Double').thenThrows('BankTooLow');
  });

  it('is allowed on any number of cards where the rules say so', () => {
    const t = new Table('5 9 3 7 2 K 4', { rules: { ...BASE_RULES, doubleAnyCards: true } });
    t.deal();
    t.hit();
    t.double();
    expect(t.settlement).toMatchObject({ doubleBet: 1000, hands: [expect.objectContaining({ score: 20 })] });
  });
});

describe('splitting', () => {
  it('moves the second card to a new hand and deals the split hand first, then the new one', () => {
    given('8 9 8 7 3 T', { bank: 10_000, bet: 1000 }).when('Split').then((events, _state, t) => {
      expect(events[0]).toEqual({
        type: 'HandSplit',
        data: { handId: 'hand-0', handIndex: 0, newHandIndex: 1, amount: 1000, movedPosition: 2, movedCard: t.cards[2], cards: expect.any(Array) },
      });
      expect(t.dealt()).toEqual([
        { to: 'Player', handIndex: 0, position: 4 },
        { to: 'Player', handIndex: 1, position: 5 },
      ]);
      const view = t.view();
      expect(view.playerHands.map((h) => [h.cardIndices, h.handState])).toEqual([
        [[0, 4], 'Active'],
        [[2, 5], 'New'],
      ]);
      expect(t.bank).toBe(8000);
    });
  });

  it('plays the hands in order, then the dealer, and settles each', () => {
    const t = new Table('8 9 8 7 3 T T 5');
    t.deal();
    t.split();
    t.double();
    expect(t.state.active).toBe(1);
    t.stand();
    expect(t.settlement).toMatchObject({ splitBet: 1000, doubleBet: 1000, totalBet: 3000, dealerScore: 21, push: 2000, net: -1000 });
    expect(t.settlement.hands.map((h) => [h.outcome, h.stake, h.returned])).toEqual([
      ['Push', 2000, 2000],
      ['Lost', 1000, 0],
    ]);
  });

  it('splits any two ten-value cards, a king with a queen', () => {
    const t = new Table('K 9 Q 7 5 5');
    t.deal();
    expect(t.allowed()).toContain('Split');
    t.split();
    expect(t.state.player).toHaveLength(2);
  });

  it('is refused on unequal cards and after a hit', () => {
    given('K 9 9 7').when('Split').thenThrows('SplitNotAllowed');
    given('4 9 4 7 2', {}, 'Hit').when('Split').thenThrows('SplitNotAllowed');
  });

  it('makes at most four hands', () => {
    const t = new Table('8 6 8 T 8 8 8 8 8 2 2 2 2 2');
    t.deal();
    t.split();
    t.split();
    t.split();
    expect(t.state.player).toHaveLength(4);
    expect(t.state.player[0].pairValue).toBe(8);
    expect(t.allowed()).not.toContain('Split');
    given(t).when('Split').thenThrows('SplitNotAllowed');
  });

  it('needs the bet again in the bank', () => {
    given('8 9 8 7 3 T', { bank: 1500 }).when('Split').thenThrows('BankTooLow');
  });

  it('allows doubling after a split', () => {
    const split = given('8 9 8 7 3 T T', {}, 'Split');
    expect(split.table.allowed()).toContain('Double');
    split.when('Double').then((events) => expect(events[0]).toMatchObject({ type: 'PlayerDoubled', data: { handIndex: 0, amount: 1000 } }));
  });

  it('refuses doubling after a split where the rules forbid it', () => {
    const t = new Table('8 9 8 7 3 T', { rules: { ...BASE_RULES, doubleAfterSplit: false } });
    t.deal();
    t.split();
    given(t).when('Double').thenThrows('NoDoubleAfterSplit');
  });

  it('counts 21 on a split hand as 21, not blackjack: it pays 1 to 1', () => {
    const t = new Table('K 9 K 7 A 9 T');
    t.deal();
    t.split();
    t.stand();
    expect(t.settlement.hands.map((h) => [h.score, h.blackjack, h.returned])).toEqual([
      [21, false, 2000],
      [19, false, 2000],
    ]);
  });

  it('the dealer plays when one split hand busts and another stands; not when all bust', () => {
    const some = new Table('8 6 8 T 6 5 K 5');
    some.deal();
    some.split();
    some.hit();
    some.stand();
    expect(some.settlement.hands.map((h) => h.outcome)).toEqual(['Lost', 'Lost']);
    expect(some.history.some((e) => e.type === 'DealerPlayed')).toBe(true);

    const all = new Table('8 6 8 T 6 5 K K 9');
    all.deal();
    all.split();
    all.hit();
    all.hit();
    expect(all.history.some((e) => e.type === 'DealerPlayed')).toBe(false);
    expect(all.settlement).toMatchObject({ net: -2000, dealerScore: 16 });
  });
});

describe('split aces (base level)', () => {
  it('get one card each and stand; an ace with a ten is 21, not blackjack', () => {
    given('A 9 A 7 K 5 T').when('Split').then((events, _state, t) => {
      expect(events.map((e) => e.type)).toEqual(['HandSplit', 'DealerPlayed', 'HandSettled']);
      expect(cardsOf(events).map((c) => [c.to, c.handIndex])).toEqual([['Player', 0], ['Player', 1], ['Dealer', 0]]);
      expect(t.settlement.hands.map((h) => [h.score, h.blackjack, h.outcome, h.returned])).toEqual([
        [21, false, 'Win', 2000],
        [16, false, 'Win', 2000],
      ]);
    });
  });

  it('are not split again when another ace comes', () => {
    const t = new Table('A 9 A 7 A 5 T');
    t.deal();
    t.split();
    expect(t.state.phase).toBe('Settled');
    expect(t.settlement.hands).toHaveLength(2);
  });
});

describe('levels shift the rules toward the player', () => {
  it('level 1: a split ace dealt another ace may be resplit, but not hit or doubled', () => {
    const t = new Table('A 9 A 7 A 5 9 8 T', { level: 1 });
    t.deal();
    t.split();
    expect(t.allowed()).toEqual(['Stand', 'Split']);
    given(t).when('Hit').thenThrows('NoHitSplitAces');
    given(t).when('Double').thenThrows('NoDoubleAfterSplit');
    t.split();
    expect(t.settlement.hands.map((h) => h.score)).toEqual([20, 16, 19]);
  });

  it('level 2: a split ace may double on its two cards, still not hit', () => {
    const t = new Table('A 9 A 7 5 6 K T', { level: 2 });
    t.deal();
    t.split();
    expect(t.allowed()).toEqual(['Stand', 'Double']);
    given(t).when('Hit').thenThrows('NoHitSplitAces');
    t.double();
    t.stand();
    expect(t.settlement).toMatchObject({ doubleBet: 1000, splitBet: 1000 });
  });

  it('level 3: split aces may be hit like any hand', () => {
    const t = new Table('A 9 A 7 2 6 5 T', { level: 3 });
    t.deal();
    t.split();
    expect(t.allowed()).toEqual(['Hit', 'Stand', 'Double']);
    t.hit();
    expect(t.view().playerHands[0].score).toBe(18);
  });

  it('level 4: six cards without busting win at once (six-card Charlie)', () => {
    given('2 T 3 7 2 2 3 2 9', { level: 4 }, 'Hit', 'Hit', 'Hit').when('Hit').then((events, _state, t) => {
      expect(events.some((e) => e.type === 'DealerPlayed')).toBe(false);
      expect(t.settlement).toMatchObject({ win: 2000, net: 1000, dealerScore: 17 });
    });
    const base = new Table('2 T 3 7 2 2 3 2 9');
    base.deal();
    for (let i = 0; i < 4; i++) base.hit();
    expect(base.state.phase).toBe('PlayerTurn');
  });
});

describe('refused commands', () => {
  it('throw a DomainError with the code and leave no events behind', () => {
    const t = new Table('K 9 9 7');
    t.deal();
    const before = t.state;
    const error = domainErrorOf(() => t.split());
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'SplitNotAllowed', name: 'DomainError' });
    expect(t.state).toBe(before);
  });

  it('ignore the shoe only when they are refused: an action reads cards from the shoe passed in', () => {
    const t = new Table('T 7 2 9');
    t.deal();
    given(t).when('Hit').thenThrows('ShoeExhausted');
    given(t).when('Hit', { cards: shoe('T 7 2 9 5') }).then((events) => expect(settled(events)).toBeUndefined());
  });
});
