import { expectedLoss, houseEdgePercent } from './house-edge';

describe('the house edge', () => {
  it('is the measured figure of each level', () => {
    expect([0, 1, 2, 3, 4].map(houseEdgePercent)).toEqual([0.572, 0.507, 0.475, 0.341, 0.227]);
  });

  it('prices a playthrough: 4,000,000 sats wagered at level 0 cost 22,880 sats on average', () => {
    expect(expectedLoss(4_000_000, 0)).toBe(22_880);
    expect(expectedLoss(4_000_000, 4)).toBe(9_080);
    expect(expectedLoss(0, 0)).toBe(0);
  });
});
