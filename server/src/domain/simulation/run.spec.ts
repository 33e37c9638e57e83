import { Xoshiro128 } from './prng';
import { emptyResult, mergeResults, PartPlayer, type PartResult, planParts, type RunSettings } from './run';
import { FastShoes } from './shoes';
import { basicStrategyForLevel, simulate, valueOf } from './simulator';

const base: RunSettings = { seedWords: [0x12345678, 0x9abcdef0, 0x0fedcba9, 0x87654321], shuffle: 'fast', level: 0, bet: 1000, strategy: 'basic', versus: null };

/** The exact figures of a result, comparable with toEqual whatever way its sums were carried. */
function exact(r: PartResult) {
  const t = (x: PartResult['totals']) => ({
    ...x,
    netSquared: valueOf(x.netSquared),
    byHandOfShoe: x.byHandOfShoe.map((d) => ({ ...d, netSquared: valueOf(d.netSquared) })),
  });
  return {
    totals: t(r.totals),
    versus: r.versus === null ? null : { ...r.versus, totals: t(r.versus.totals), diffSquared: valueOf(r.versus.diffSquared) },
    firstShoe: r.firstShoe,
  };
}

describe('a simulation run in parts', () => {
  it('cuts the hands into parts of whole shoes', () => {
    expect(planParts(25, 2)).toEqual([
      { firstShoe: 0, hands: 8 },
      { firstShoe: 2, hands: 8 },
      { firstShoe: 4, hands: 8 },
      { firstShoe: 6, hands: 1 },
    ]);
  });

  for (const settings of [
    base,
    { ...base, shuffle: 'provable' as const },
    { ...base, versus: 3 },
    { ...base, shuffle: 'provable' as const, level: 2, versus: 4, strategy: 'naive' as const, bet: 1001 },
  ]) {
    it(`adds up to the totals of one thread playing every hand, in any order of parts (${settings.shuffle}, level ${settings.level}${settings.versus === null ? '' : ` versus ${settings.versus}`})`, () => {
      const hands = 6002;
      const whole = new PartPlayer(settings).play({ firstShoe: 0, hands });
      const parts = planParts(hands, 97);
      // Two "workers", each given every other part, then added up backwards.
      const one = new PartPlayer(settings);
      const two = new PartPlayer(settings);
      const results = parts.map((p, i) => (i % 2 === 0 ? one : two).play(p));
      const merged = results.reverse().reduce((run, r) => mergeResults(run, r), emptyResult(settings));
      expect(exact(merged)).toEqual(exact(whole));
      // A player given an earlier part than its last starts its stream again.
      const backwards = new PartPlayer(settings);
      const again = [...parts].reverse().map((p) => backwards.play(p));
      expect(exact(again.reduce((run, r) => mergeResults(run, r), emptyResult(settings)))).toEqual(exact(whole));
      expect(whole.totals.hands).toBe(hands);
      if (settings.shuffle === 'provable') expect(whole.firstShoe).not.toBeNull();
    });
  }

  it('deals from a lazily shuffled shoe exactly what the whole shuffle deals', () => {
    const lazy = new FastShoes(new Xoshiro128([1, 2, 3, 4]));
    const eager = new FastShoes(new Xoshiro128([1, 2, 3, 4]));
    const policy = basicStrategyForLevel(4);
    const a = simulate({ hands: 20_000, level: 4, policy, nextShoe: () => lazy.next(), reveal: (end) => lazy.reveal(end) });
    const b = simulate({
      hands: 20_000,
      level: 4,
      policy,
      nextShoe: () => {
        const cards = eager.next();
        eager.reveal(208);
        return cards;
      },
    });
    expect(a).toEqual(b);
  });
});
