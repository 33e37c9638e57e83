import { lemireBelow, Xoshiro128 } from './prng';

describe("Lemire's bounded integers", () => {
  it('give every answer in [0, n) exactly as many words, over every word of a 16-bit range', () => {
    const range = 2 ** 16;
    for (const n of [1, 2, 3, 7, 52, 100, 207, 208, 1000, 4099, 65535, 65536]) {
      const counts = new Array<number>(n).fill(0);
      let rejected = 0;
      for (let x = 0; x < range; x++) {
        const r = lemireBelow(x, n, range);
        if (r < 0) rejected++;
        else counts[r]++;
      }
      expect({ n, min: Math.min(...counts), max: Math.max(...counts), rejected }).toEqual({
        n,
        min: Math.floor(range / n),
        max: Math.floor(range / n),
        rejected: range % n,
      });
    }
  });

  it('answer ⌊x·n / 2^32⌋ for an accepted 32-bit word, exactly, up to n = 2^21', () => {
    const range = 2 ** 32;
    for (const [x, n] of [
      [0xffffffff, 208],
      [0x80000000, 2 ** 21],
      [0xfffffffe, 2 ** 21],
      [123456789, 207],
    ]) {
      const r = lemireBelow(x, n, range);
      expect(r).toBe(Number((BigInt(x) * BigInt(n)) >> 32n));
    }
  });

  it('draw within [0, n) from the generator, spreading over the whole interval', () => {
    const rng = new Xoshiro128([9, 8, 7, 6]);
    const counts = new Array<number>(208).fill(0);
    for (let i = 0; i < 208 * 500; i++) counts[rng.below(208)]++;
    expect(counts.reduce((a, b) => a + b, 0)).toBe(208 * 500);
    // Pearson's chi-square with 207 degrees of freedom: 99.9% of uniform samples stay under 284.
    const chi = counts.reduce((sum, c) => sum + (c - 500) ** 2 / 500, 0);
    expect(chi).toBeLessThan(284);
  });
});

describe('xoshiro128** skip', () => {
  it('lands where drawing that many words lands', () => {
    const a = new Xoshiro128([1, 2, 3, 4]);
    const b = new Xoshiro128([1, 2, 3, 4]);
    for (let i = 0; i < 1000; i++) a.nextUint32();
    b.skip(1000);
    expect(b.nextUint32()).toBe(a.nextUint32());
  });

  it('starts again from a seed with reseed', () => {
    const a = new Xoshiro128([5, 6, 7, 8]);
    const first = a.nextUint32();
    a.nextUint32();
    a.reseed(5, 6, 7, 8);
    expect(a.nextUint32()).toBe(first);
  });
});
