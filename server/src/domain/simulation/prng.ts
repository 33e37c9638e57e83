/**
 * xoshiro128** (Blackman & Vigna): a small, fast, seedable generator for the simulator's shoe
 * seeds. Not for real shoes: those come from the house's CSPRNG and the player.
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

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
