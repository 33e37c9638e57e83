import { shuffleShoeFromBytes } from '@bahati/contracts';
import { Xoshiro128 } from './prng';
import { basicStrategyForLevel, emptyTotals, naivePolicy, simulate, summarize } from './simulator';

function shoes(seed: number) {
  const rng = new Xoshiro128([seed, 2, 3, 4]);
  const player = new Uint8Array(32);
  const house = new Uint8Array(32);
  let dealt = 0;
  const next = () => {
    dealt++;
    return shuffleShoeFromBytes(rng.fill(player), rng.fill(house));
  };
  return { next, count: () => dealt };
}

describe('the simulator', () => {
  it('replays exactly from the same seed', () => {
    const a = simulate({ hands: 1500, level: 0, policy: basicStrategyForLevel(0), nextShoe: shoes(7).next });
    const b = simulate({ hands: 1500, level: 0, policy: basicStrategyForLevel(0), nextShoe: shoes(7).next });
    expect(a).toEqual(b);
    expect(simulate({ hands: 1500, level: 0, policy: basicStrategyForLevel(0), nextShoe: shoes(8).next })).not.toEqual(a);
  });

  it('deals four hands from each shoe', () => {
    const s = shoes(1);
    simulate({ hands: 9, level: 0, policy: naivePolicy, nextShoe: s.next });
    expect(s.count()).toBe(3);
  });

  it('keeps the tally by hand of the shoe too', () => {
    const t = simulate({ hands: 1000, level: 0, policy: naivePolicy, nextShoe: shoes(4).next });
    expect(t.byHandOfShoe.map((d) => d.hands)).toEqual([250, 250, 250, 250]);
    expect(t.byHandOfShoe.reduce((n, d) => n + d.net, 0)).toBe(t.net);
    expect(summarize(t).houseEdgeByHandOfShoe).toHaveLength(4);
  });

  it('with the naive strategy stakes exactly one bet a hand', () => {
    const t = simulate({ hands: 2000, level: 0, policy: naivePolicy, nextShoe: shoes(3).next });
    expect(summarize(t).avgTotalBetPerHand).toBe(1);
  });

  it('summarizes the edge, its standard error and the SD per hand in bets', () => {
    const s = summarize({ ...emptyTotals(1000), hands: 4, net: -2000, netSquared: { big: 4n * 1000n * 1000n, small: 0 }, totalBet: 4000 });
    expect(s.houseEdgePct).toBe(50);
    expect(s.sdPerHand).toBeCloseTo(Math.sqrt((4 - 4 * 0.25) / 3), 12);
    expect(s.stdErrorPct).toBeCloseTo((s.sdPerHand / 2) * 100, 12);
  });
});

describe('xoshiro128**', () => {
  it('matches the reference output for the seed 1, 2, 3, 4', () => {
    const rng = new Xoshiro128([1, 2, 3, 4]);
    expect(Array.from({ length: 4 }, () => rng.nextUint32())).toEqual([11520, 0, 5927040, 70819200]);
  });
});
