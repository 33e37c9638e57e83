import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SHOE_SIZE } from './cards';
import { decodeSeed, encodeSeed, HANDS_PER_SHOE, houseSeedHash, InvalidSeedError, isValidSeed, SEED_PATTERN, shuffleShoe, shuffleShoeFromBytes } from './shoe';

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

  it.each(vectors.map((v, i) => [i, v] as const))('reproduces vector %i from the decoded seed bytes', (_, v) => {
    expect(shuffleShoeFromBytes(decodeSeed(v.playerSeed), decodeSeed(v.houseSeed))).toEqual(v.cards);
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
    expect(SEED_PATTERN.test(vectors[0].playerSeed)).toBe(true);
    expect(decodeSeed(vectors[0].playerSeed)).toHaveLength(32);
  });

  it('encodes 32 bytes as the seed text players see, and back', () => {
    for (const v of vectors) expect(encodeSeed(decodeSeed(v.houseSeed))).toBe(v.houseSeed);
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
    expect(() => decodeSeed(seed)).toThrow(InvalidSeedError);
    expect(() => shuffleShoe(seed, vectors[0].houseSeed)).toThrow(InvalidSeedError);
    expect(() => shuffleShoe(vectors[0].playerSeed, seed)).toThrow(InvalidSeedError);
    expect(() => houseSeedHash(seed, sha256)).toThrow(InvalidSeedError);
  });

  it('refuses seed bytes that are not 32 bytes', () => {
    expect(() => encodeSeed(new Uint8Array(31))).toThrow(InvalidSeedError);
    expect(() => shuffleShoeFromBytes(new Uint8Array(32), new Uint8Array(33))).toThrow(InvalidSeedError);
  });
});
