import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DomainError } from '../decider';
import { base64Decode, base64Encode } from './base64';
import { cardDeck, cardId, cardIdentity, cardRank, cardSuit, cardValue, SHOE_SIZE } from './cards';
import { MersenneTwister } from './mt19937';
import { decodeSeed, HANDS_PER_SHOE, houseSeedHash, isValidSeed, shuffleShoe } from './shoe';

interface Vector {
  playerSeed: string;
  houseSeed: string;
  houseSeedHash: string;
  cards: number[];
}

/** `shared/` sits beside the repository (here and in CI's clone): <repo>/../shared. */
function sharedFile(relative: string): string {
  let dir = __dirname;
  while (!readdirHasPackageWorkspaces(dir)) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('repository root not found above ' + __dirname);
    dir = parent;
  }
  return path.join(dir, '..', 'shared', relative);
}
function readdirHasPackageWorkspaces(dir: string): boolean {
  try {
    return Array.isArray(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).workspaces);
  } catch {
    return false;
  }
}

const sha256 = (bytes: Uint8Array) => new Uint8Array(createHash('sha256').update(bytes).digest());
const vectors: Vector[] = JSON.parse(readFileSync(sharedFile('fixtures/provably-fair-vectors.json'), 'utf8'));

describe('the provably fair shoe', () => {
  it('has the five published vectors to check against', () => {
    expect(vectors).toHaveLength(5);
  });

  it.each(vectors.map((v, i) => [i, v] as const))('reproduces vector %i card for card', (_, v) => {
    expect(shuffleShoe(v.playerSeed, v.houseSeed)).toEqual(v.cards);
  });

  it.each(vectors.map((v, i) => [i, v] as const))('reproduces the house seed hash of vector %i', (_, v) => {
    expect(houseSeedHash(v.houseSeed, sha256)).toBe(v.houseSeedHash);
  });

  it('hashes with an asynchronous SHA-256 too, as WebCrypto in the browser', async () => {
    const v = vectors[0];
    await expect(houseSeedHash(v.houseSeed, async (b) => sha256(b))).resolves.toBe(v.houseSeedHash);
  });

  it('is a permutation of the 208 cards of four decks', () => {
    const cards = shuffleShoe(vectors[0].playerSeed, vectors[0].houseSeed);
    expect([...cards].sort((a, b) => a - b)).toEqual(Array.from({ length: SHOE_SIZE }, (_, i) => i));
  });

  it('drops trailing zero key words exactly as Python does (values from CPython 3)', () => {
    const player = 'AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyA=';
    const zero = 'A'.repeat(43) + '=';
    expect(shuffleShoe(player, zero).slice(0, 16)).toEqual([187, 50, 181, 148, 175, 52, 205, 89, 142, 22, 38, 206, 170, 102, 43, 56]);
    expect(shuffleShoe(zero, zero).slice(0, 16)).toEqual([43, 195, 100, 159, 46, 183, 188, 160, 206, 144, 17, 187, 51, 169, 58, 26]);
    expect(shuffleShoe(player, 'BwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=').slice(0, 16)).toEqual([
      60, 27, 180, 111, 133, 54, 66, 187, 39, 13, 137, 138, 74, 33, 83, 94,
    ]);
  });

  it('retires after four hands', () => {
    expect(HANDS_PER_SHOE).toBe(4);
  });
});

describe('seeds', () => {
  it('accepts 43 base64 characters and a final =', () => {
    expect(isValidSeed(vectors[0].playerSeed)).toBe(true);
    expect(decodeSeed(vectors[0].playerSeed)).toHaveLength(32);
  });

  it.each([
    ['empty', ''],
    ['too short', 'A'.repeat(42) + '='],
    ['no padding', 'A'.repeat(44)],
    ['two padding characters', 'A'.repeat(42) + '=='],
    ['url-safe alphabet', '-'.repeat(43) + '='],
    ['whitespace', ' ' + 'A'.repeat(42) + '='],
    ['too long', 'A'.repeat(47) + '='],
  ])('refuses a seed that is %s', (_, seed) => {
    expect(isValidSeed(seed)).toBe(false);
    expect(() => decodeSeed(seed)).toThrow(DomainError);
    expect(() => shuffleShoe(seed, vectors[0].houseSeed)).toThrow(expect.objectContaining({ code: 'InvalidSeed' }));
  });
});

describe('base64', () => {
  it('round-trips every length the way the standard does', () => {
    for (let n = 0; n < 40; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 97 + n) & 255);
      const text = base64Encode(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64'));
      expect(base64Decode(text)).toEqual(bytes);
    }
  });
});

describe('card identity', () => {
  it('numbers cards deck by deck, hearts diamonds clubs spades, ace to king', () => {
    expect(cardIdentity(0)).toEqual({ id: 0, deck: 0, suit: 'Heart', rank: 1, value: 1 });
    expect(cardIdentity(12)).toEqual({ id: 12, deck: 0, suit: 'Heart', rank: 13, value: 10 });
    expect(cardIdentity(13)).toMatchObject({ suit: 'Diamond', rank: 1 });
    expect(cardIdentity(51)).toMatchObject({ deck: 0, suit: 'Spade', rank: 13 });
    expect(cardIdentity(207)).toEqual({ id: 207, deck: 3, suit: 'Spade', rank: 13, value: 10 });
  });

  it('values aces 1, number cards at face value and jacks, queens and kings 10', () => {
    expect([1, 2, 9, 10, 11, 12, 13].map((rank) => cardValue(cardId(rank, 'Club', 2)))).toEqual([1, 2, 9, 10, 10, 10, 10]);
  });

  it('maps rank, suit and deck back to the same card', () => {
    for (let c = 0; c < SHOE_SIZE; c++) expect(cardId(cardRank(c), cardSuit(c), cardDeck(c))).toBe(c);
  });
});

describe('MT19937', () => {
  it("matches the reference mt19937ar output for init_by_array({0x123, 0x234, 0x345, 0x456})", () => {
    const mt = new MersenneTwister();
    mt.seedByArray([0x123, 0x234, 0x345, 0x456]);
    expect(Array.from({ length: 5 }, () => mt.nextUint32())).toEqual([1067595299, 955945823, 477289528, 4107218783, 4228976476]);
  });

  it('keeps drawing correctly past one full block of 624 words', () => {
    const mt = new MersenneTwister();
    mt.seedByArray([0x123, 0x234, 0x345, 0x456]);
    let last = 0;
    for (let i = 0; i < 1000; i++) last = mt.nextUint32();
    // mt19937ar.out: the 1000th output of the reference program.
    expect(last).toBe(3460025646);
  });
});
