import { expectedLoss, houseEdgePercent, wageredEdgePercent } from './house-edge';

describe('the house edge', () => {
  it('is the measured figure of each level', () => {
    expect([0, 1, 2, 3, 4].map(houseEdgePercent)).toEqual([0.572, 0.507, 0.475, 0.341, 0.227]);
  });

  it('prices a playthrough per satoshi wagered: 4,000,000 sats at level 0 cost about 20,159 sats on average', () => {
    // 4,000,000 × 0.572% ÷ 1.135 bets staked per hand.
    expect(expectedLoss(4_000_000, 0)).toBe(20_159);
    expect(expectedLoss(4_000_000, 4)).toBe(7_979);
    expect(expectedLoss(0, 0)).toBe(0);
    expect(wageredEdgePercent(0)).toBeCloseTo(0.504, 3);
  });
});
