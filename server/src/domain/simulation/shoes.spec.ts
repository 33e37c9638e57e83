import { shuffleShoeFromBytes } from '@bahati/contracts';
import { Xoshiro128 } from './prng';
import { FastShoes, ProvableShoes, shuffleForward } from './shoes';

/** Every permutation of [0, size) as a string, so counts can be compared. */
function permutationsOf(size: number): string[] {
  const out: string[] = [];
  const walk = (prefix: number[], rest: number[]) => {
    if (rest.length === 0) out.push(prefix.join(','));
    rest.forEach((x, i) => walk([...prefix, x], [...rest.slice(0, i), ...rest.slice(i + 1)]));
  };
  walk([], Array.from({ length: size }, (_, i) => i));
  return out;
}

describe('the forward Fisher–Yates shuffle', () => {
  it('gives every order of five cards once over every sequence of uniform draws', () => {
    // Enumerate every sequence of draws: step i draws from [0, 5 - i).
    const counts = new Map<string, number>();
    const sizes = [5, 4, 3, 2];
    const total = sizes.reduce((a, b) => a * b, 1);
    for (let k = 0; k < total; k++) {
      let rest = k;
      const draws = sizes.map((n) => {
        const d = rest % n;
        rest = Math.floor(rest / n);
        return d;
      });
      let step = 0;
      const cards = [0, 1, 2, 3, 4];
      shuffleForward(cards, 0, 5, () => draws[step++]);
      counts.set(cards.join(','), (counts.get(cards.join(',')) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(permutationsOf(5).sort());
    expect(new Set(counts.values())).toEqual(new Set([1]));
  });

  it('shuffled in steps gives the order shuffled at once', () => {
    const whole = Array.from({ length: 52 }, (_, i) => i);
    const inSteps = [...whole];
    const a = new Xoshiro128([3, 1, 4, 1]);
    const b = new Xoshiro128([3, 1, 4, 1]);
    expect(shuffleForward(whole, 0, 52, (n) => a.below(n))).toBe(52);
    let done = 0;
    for (const end of [0, 4, 4, 9, 30, 51]) done = shuffleForward(inSteps, done, end, (n) => b.below(n));
    expect(done).toBe(52);
    expect(inSteps).toEqual(whole);
  });
});

describe('the simulator shoes', () => {
  it('fast: each shoe is a permutation of the 208 cards, the same for the same seed', () => {
    const one = new FastShoes(new Xoshiro128([1, 2, 3, 4]));
    const two = new FastShoes(new Xoshiro128([1, 2, 3, 4]));
    for (let s = 0; s < 20; s++) {
      const a = one.next();
      one.reveal(208);
      const b = two.next();
      // Revealed bit by bit, as the simulator deals it.
      for (let end = 0; end <= 208; end += 13) two.reveal(end);
      two.reveal(208);
      expect([...Array.from(a)].sort((x, y) => x - y)).toEqual(Array.from({ length: 208 }, (_, i) => i));
      expect(Array.from(b)).toEqual(Array.from(a));
    }
  });

  it('fast: the card dealt first is spread evenly over the 208 cards', () => {
    const shoes = new FastShoes(new Xoshiro128([11, 12, 13, 14]));
    const counts = new Array<number>(208).fill(0);
    for (let s = 0; s < 208 * 200; s++) {
      const cards = shoes.next();
      shoes.reveal(1);
      counts[cards[0]]++;
    }
    // Pearson's chi-square with 207 degrees of freedom: 99.9% of uniform samples stay under 284.
    const chi = counts.reduce((sum, c) => sum + (c - 200) ** 2 / 200, 0);
    expect(chi).toBeLessThan(284);
  });

  it('skip shoes: a source that skips k shoes deals what another deals after dealing k, however deep', () => {
    for (const make of [(r: Xoshiro128) => new FastShoes(r), (r: Xoshiro128) => new ProvableShoes(r)]) {
      const dealt = make(new Xoshiro128([5, 5, 5, 5]));
      for (let s = 0; s < 7; s++) {
        dealt.next();
        dealt.reveal(10 + s * 20);
      }
      const eighth = dealt.next();
      dealt.reveal(208);
      const skipped = make(new Xoshiro128([5, 5, 5, 5]));
      skipped.skipShoes(7);
      const same = skipped.next();
      skipped.reveal(208);
      expect(Array.from(same)).toEqual(Array.from(eighth));
    }
  });

  it('provable: the production shuffle of 64 seed bytes per shoe', () => {
    const rng = new Xoshiro128([1, 2, 3, 4]);
    const shoes = new ProvableShoes(new Xoshiro128([1, 2, 3, 4]));
    const player = rng.fill(new Uint8Array(32));
    const house = rng.fill(new Uint8Array(32));
    expect(Array.from(shoes.next())).toEqual(shuffleShoeFromBytes(player, house));
  });
});
