import { encodeSeed, SHOE_SIZE, shuffleShoeFromBytes } from '@bahati/contracts';
import { Xoshiro128 } from './prng';


/**
 * Where the simulator's shoes come from. Every shoe takes a fixed number of words from one
 * xoshiro128** stream (seeded from the run's seed), so shoe number k is the same shoe whether a
 * run deals it first or after a million others, on one thread or another: a worker given shoes
 * [k, k + n) skips k × `wordsPerShoe` words and deals the same shoes a single-thread run deals there.
 */
export interface ShoeSource {
  /** Words of the seed stream each shoe takes. */
  readonly wordsPerShoe: number;
  /** The next shoe (card ids in dealing order), read by reference until the next call. */
  next(): ArrayLike<number>;
  /**
   * Makes every position below `end` of the current shoe final. A lazily shuffled shoe (the fast
   * one) needs it before a command reads the shoe; the simulator calls it before every command.
   */
  reveal(end: number): void;
  /** Skips `shoes` shoes without dealing them. */
  skipShoes(shoes: number): void;
}

export type ShuffleKind = 'fast' | 'provable';

/**
 * The provably fair shoe of production (`contracts/src/fairness`): 64 seed bytes (16 words) per
 * shoe, player seed then house seed, through MT19937 and CPython's shuffle. What real players get,
 * and a run with the same seed deals the same shoes it always did.
 */
export class ProvableShoes implements ShoeSource {
  readonly wordsPerShoe = 16;
  private readonly playerSeed = new Uint8Array(32);
  private readonly houseSeed = new Uint8Array(32);
  /** The seeds of the last shoe dealt (base64), for a report to show where a run began. */
  lastSeeds(): { playerSeed: string; houseSeed: string } {
    return { playerSeed: encodeSeed(this.playerSeed), houseSeed: encodeSeed(this.houseSeed) };
  }

  constructor(private readonly rng: Xoshiro128) {}

  next(): ArrayLike<number> {
    this.rng.fill(this.playerSeed);
    this.rng.fill(this.houseSeed);
    return shuffleShoeFromBytes(this.playerSeed, this.houseSeed);
  }

  reveal(): void {}

  skipShoes(shoes: number): void {
    this.rng.skip(shoes * this.wordsPerShoe);
  }
}

/**
 * The statistics shoe: an exactly uniform shuffle that costs a few hundred nanoseconds.
 *
 * Each shoe takes 4 words of the seed stream and seeds its own xoshiro128** with them, so what one
 * shoe draws never shifts the next (two levels played on the same shoes stay on the same shoes
 * however deep each one deals). The shoe is shuffled by Fisher–Yates run forwards: for position
 * i = 0, 1, 2, … the card at i is swapped with one at a position drawn uniformly from [i, 208) by
 * Lemire's method (`Xoshiro128.below`, exactly uniform). Every one of the 208·207·…·2 sequences of
 * draws is equally likely and gives a different order, so each of the 208! orders has probability
 * 1/208!: the uniform shuffle. Step i fixes position i for good and later steps never touch it, so
 * the steps are run only as far as the hand needs (`reveal`): the cards dealt are exactly those the
 * whole shuffle would put there, and a shoe that deals its four hands from ~22 of its 208 cards
 * pays for ~50 steps instead of 207.
 */
export class FastShoes implements ShoeSource {
  readonly wordsPerShoe = 4;
  private readonly cards = new Uint8Array(SHOE_SIZE);
  private readonly shuffler = new Xoshiro128([1, 0, 0, 0]);
  /** Positions below this are final. */
  private done = SHOE_SIZE;

  constructor(private readonly rng: Xoshiro128) {}

  next(): ArrayLike<number> {
    const rng = this.rng;
    this.shuffler.reseed(rng.nextUint32(), rng.nextUint32(), rng.nextUint32(), rng.nextUint32());
    const cards = this.cards;
    // Back to the fresh order 0…207: the forward shuffle only ever swapped positions below `done` with later ones.
    cards.set(IDENTITY);
    this.done = 0;
    return cards;
  }

  reveal(end: number): void {
    if (end > this.done) this.done = shuffleForward(this.cards, this.done, end, this.draw);
  }

  private readonly draw = (n: number) => this.shuffler.below(n);

  skipShoes(shoes: number): void {
    this.rng.skip(shoes * this.wordsPerShoe);
  }
}

/**
 * Fisher–Yates run forwards over `cards`, from step `from` (every position before it already final)
 * until every position below `end` is final; answers the number of final positions. Step i swaps
 * position i with a position drawn by `below(length - i)` (uniform on [0, length − i)) counted from i.
 * The last position is final as soon as the one before it is: nothing is left to swap it with.
 */
export function shuffleForward(cards: { [i: number]: number; readonly length: number }, from: number, end: number, below: (n: number) => number): number {
  const size = cards.length;
  const last = Math.min(end, size - 1);
  for (let i = from; i < last; i++) {
    const j = i + below(size - i);
    const t = cards[i];
    cards[i] = cards[j];
    cards[j] = t;
  }
  return Math.max(from, last >= size - 1 ? size : last);
}

const IDENTITY = Uint8Array.from({ length: SHOE_SIZE }, (_, i) => i);

/** The seed stream of a run: xoshiro128** seeded with the first 16 bytes of SHA-256(`bahati-simulate:` + seed). */
export function seedStream(digest: Uint8Array): Xoshiro128 {
  const word = (i: number) => digest[i] | (digest[i + 1] << 8) | (digest[i + 2] << 16) | (digest[i + 3] << 24);
  return new Xoshiro128([word(0), word(4), word(8), word(12)]);
}

export function shoeSource(kind: ShuffleKind, rng: Xoshiro128): FastShoes | ProvableShoes {
  return kind === 'fast' ? new FastShoes(rng) : new ProvableShoes(rng);
}
