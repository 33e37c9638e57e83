/**
 * MT19937 exactly as CPython's `random` module seeds and draws it, so that a shoe can be
 * re-derived with stock Python (`../../../../shared/docs/provably-fair.md`).
 */
const N = 624;
const M = 397;

/** `init_genrand(19650218)`, the fixed start of every `init_by_array`. */
const INIT_GENRAND_19650218 = (() => {
  const mt = new Int32Array(N);
  mt[0] = 19650218;
  for (let i = 1; i < N; i++) {
    const p = mt[i - 1];
    mt[i] = (Math.imul(1812433253, p ^ (p >>> 30)) + i) | 0;
  }
  return mt;
})();
const UPPER = 0x80000000 | 0;
const LOWER = 0x7fffffff;
const MATRIX_A = 0x9908b0df | 0;
const TEMPER_B = 0x9d2c5680 | 0;
const TEMPER_C = 0xefc60000 | 0;

/** Words are kept as int32 bit patterns so V8 stays on integer arithmetic; outputs are uint32. */
export class MersenneTwister {
  private readonly mt = new Int32Array(N);
  private index = 0;

  /** CPython `init_by_array(key, length)`; `length` lets callers drop trailing zero words without copying. */
  seedByArray(key: ArrayLike<number>, length: number = key.length): void {
    if (length < 1) throw new RangeError('init_by_array needs at least one key word');
    const mt = this.mt;
    mt.set(INIT_GENRAND_19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, length); k > 0; k--) {
      const p = mt[i - 1];
      mt[i] = ((mt[i] ^ Math.imul(p ^ (p >>> 30), 1664525)) + (key[j] | 0) + j) | 0;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
      if (j >= length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const p = mt[i - 1];
      mt[i] = ((mt[i] ^ Math.imul(p ^ (p >>> 30), 1566083941)) - i) | 0;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
    }
    mt[0] = UPPER;
    this.index = 0;
  }

  /**
   * `genrand_uint32`. The twist is done one word at a time as each word is drawn: word k of a
   * twist reads only words already twisted (k-227, 0) or not yet touched (k+1, k+397), so the
   * output equals the whole-block twist while a shuffle pays for the ~280 words it uses, not 624.
   */
  nextUint32(): number {
    const mt = this.mt;
    const k = this.index;
    const y = (mt[k] & UPPER) | (mt[k === N - 1 ? 0 : k + 1] & LOWER);
    let v = mt[k < N - M ? k + M : k + M - N] ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
    mt[k] = v;
    this.index = k === N - 1 ? 0 : k + 1;
    v ^= v >>> 11;
    v ^= (v << 7) & TEMPER_B;
    v ^= (v << 15) & TEMPER_C;
    v ^= v >>> 18;
    return v >>> 0;
  }

  /** CPython `_randbelow_with_getrandbits(n)` for 0 < n < 2^32: k is the bit length of n itself. */
  randBelow(n: number): number {
    const shift = Math.clz32(n);
    let r = this.nextUint32() >>> shift;
    while (r >= n) r = this.nextUint32() >>> shift;
    return r;
  }
}
