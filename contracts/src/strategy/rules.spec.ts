import { DEFAULT_LEVEL_THRESHOLDS, levelForTotalBet, LEVEL_RULES, MAX_LEVEL, rulesForLevel } from './rules';

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
