/**
 * xoshiro128** (Blackman & Vigna): a small, fast, seedable generator for the simulator's shoes.
 * Not for real shoes: those come from the house's CSPRNG and the player.
 */
export class Xoshiro128 {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: ArrayLike<number>) {
    this.a = seed[0] | 0;
    this.b = seed[1] | 0;
    this.c = seed[2] | 0;
    this.d = seed[3] | 0;
    if ((this.a | this.b | this.c | this.d) === 0) this.a = 1;
  }

  /** Starts again from `seed`, as `new Xoshiro128(seed)` would, without allocating. */
  reseed(a: number, b: number, c: number, d: number): void {
    this.a = a | 0;
    this.b = b | 0;
    this.c = c | 0;
    this.d = d | 0;
    if ((this.a | this.b | this.c | this.d) === 0) this.a = 1;
  }

  nextUint32(): number {
    const r = Math.imul(rotl(Math.imul(this.b, 5), 7), 9);
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return r >>> 0;
  }

  /** Moves `words` outputs ahead (what `words` calls of nextUint32 would do). */
  skip(words: number): void {
    for (let i = 0; i < words; i++) this.nextUint32();
  }

  /**
   * A whole number drawn exactly uniformly from [0, n), 1 ≤ n ≤ 2^21 (Lemire's multiply-and-reject,
   * see `lemireBelow`). Draws one word, and another only in the rare case the first is rejected
   * (with probability (2^32 mod n) / 2^32, under 5·10^-8 for a shoe).
   */
  below(n: number): number {
    let r = lemireBelow(this.nextUint32(), n, WORDS);
    while (r < 0) r = lemireBelow(this.nextUint32(), n, WORDS);
    return r;
  }

  fill(bytes: Uint8Array): Uint8Array {
    for (let i = 0; i < bytes.length; i += 4) {
      const w = this.nextUint32();
      bytes[i] = w;
      if (i + 1 < bytes.length) bytes[i + 1] = w >>> 8;
      if (i + 2 < bytes.length) bytes[i + 2] = w >>> 16;
      if (i + 3 < bytes.length) bytes[i + 3] = w >>> 24;
    }
    return bytes;
  }
}

/** How many distinct words nextUint32 draws: 2^32. */
const WORDS = 4294967296;

/**
 * Lemire's nearly divisionless bounded integer ("Fast Random Integer Generation in an Interval",
 * ACM TOMACS 2019), for a word `x` uniform on [0, range): the answer is ⌊x·n / range⌋, or -1 when
 * `x` must be rejected (then draw another word).
 *
 * Why the accepted answers are exactly uniform: the `range` words map onto the n answers by
 * h = ⌊x·n / range⌋. Write x·n = h·range + l (l the "low word"). For a fixed h the products x·n
 * are the multiples of n in [h·range, (h+1)·range), so there are either ⌊range/n⌋ or ⌈range/n⌉ of
 * them. Rejecting the x with l < (range mod n) removes, in every interval, exactly the multiples
 * of n that fall in [h·range, h·range + (range mod n)): those are `(range mod n)` consecutive
 * integers, so they hold one multiple of n or none, and exactly the ⌈⌉ intervals hold one. Every h
 * then keeps exactly ⌊range/n⌋ words, so each answer has probability ⌊range/n⌋ / (range − range mod n)
 * = 1/n given acceptance. (`simulation/prng.spec.ts` counts this for every word of a 16-bit range.)
 * Since range mod n < n, a low word ≥ n is accepted without computing the modulo.
 *
 * Exact in doubles while x·n < 2^53, i.e. for n ≤ 2^21 with 32-bit words.
 */
export function lemireBelow(x: number, n: number, range: number): number {
  const m = x * n;
  const high = Math.floor(m / range);
  const low = m - high * range;
  if (low < n && low < range % n) return -1;
  return high;
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
