import { describe, expect, it } from 'vitest';
import { card, hand, holeCard, playerHand } from '@/test/fixtures';
import { dealSequence } from './deal-sequence';
import { chipStack } from './table-layout';
import { roundMoney } from './round-line';
import { CHIP_VALUES } from '@bahati/contracts';

const dealt = hand({ playerHands: [playerHand([card(10, 'Spade', 0), card(6, 'Heart', 2)])] });

describe('the cards of an answer', () => {
  it('deals a new hand in shoe order and waits for every card that moves', () => {
    const normal = dealSequence(null, dealt, 'normal');
    expect(normal.delays).toEqual({ p0: 0, d1: 200, p2: 400, d3: 600 });
    expect([...normal.moving].sort()).toEqual(['d1', 'd3', 'p0', 'p2']);
    expect(normal.flightMs).toBe(380);
  });

  it('deals faster at fast speed, within the spec’s flight of 200–600 ms', () => {
    const fast = dealSequence(null, dealt, 'fast');
    expect(fast.delays).toEqual({ p0: 0, d1: 100, p2: 200, d3: 300 });
    expect(fast.flightMs).toBe(200);
  });

  it('moves nothing at instant speed: the cards are simply there', () => {
    const instant = dealSequence(null, dealt, 'instant');
    expect(instant.moving.size).toBe(0);
    expect(instant.entering.size).toBe(0);
    expect(instant.flightMs).toBe(0);
  });

  it('turns the hole card after the player’s last card and waits for it too', () => {
    const stood = hand({
      phase: 'Settled',
      playerHands: [playerHand([card(10, 'Spade', 0), card(6, 'Heart', 2), card(2, 'Club', 4)])],
      dealerHand: { ...dealt.dealerHand, cards: [card(9, 'Club', 1), card(8, 'Spade', 3)] },
    });
    const seq = dealSequence({ ...dealt, dealerHand: { ...dealt.dealerHand, cards: [card(9, 'Club', 1), holeCard(3)] } }, stood, 'normal');
    expect(seq.delays).toEqual({ p4: 0, d3: 320 });
    expect([...seq.moving].sort()).toEqual(['d3', 'p4']);
    expect([...seq.entering]).toEqual(['p4']);
  });
});

describe('chips as money', () => {
  it('stacks what no chip makes up as an odd chip on top', () => {
    expect(chipStack(500, CHIP_VALUES)).toEqual([500]);
    expect(chipStack(6_500, CHIP_VALUES)).toEqual([5_000, 1_000, 500]);
    expect(chipStack(25_000, CHIP_VALUES)).toEqual([25_000]);
  });
});

describe('the round’s money', () => {
  it('counts splits, doubles and insurance in the stake and what came back', () => {
    const settled = hand({
      phase: 'Settled',
      insuranceBet: 500,
      insuranceWin: 0,
      playerHands: [
        playerHand([card(10, 'Spade', 0), card(9, 'Heart', 2)], { betAmount: 1_000, winAmount: 2_000, handState: 'Win' }),
        playerHand([card(10, 'Club', 4), card(2, 'Heart', 5), card(5, 'Club', 6)], { betAmount: 2_000, doubleBet: true, winAmount: 0, handState: 'Lost' }),
      ],
    });
    expect(roundMoney(settled)).toEqual({ staked: 3_500, returned: 2_000, net: -1_500 });
    expect(roundMoney({ ...settled, phase: 'PlayerTurn' })).toEqual({ staked: 3_500, returned: null, net: null });
  });
});
