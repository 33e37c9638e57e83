import { base64Decode, base64Encode } from './base64';
import * as cardsModule from './cards';
import { MersenneTwister } from './mt19937';

/*
 * The provably fair shoe (`../../../../shared/docs/provably-fair.md`): what the server deals from and
 * what the player re-derives in the browser. Plain TypeScript: no zod, nothing from Node.
 */

// Hot imports are bound once: CommonJS transpilers (tsx, jest) read an imported name through a getter on every use.
const { SHOE_SIZE } = cardsModule;

/** A shoe deals this many hands, then retires and its house seed is revealed. */
export const HANDS_PER_SHOE = 4;
/** Spec §9: a shoe id is 36 characters (a UUID). */
export const SHOE_ID_LENGTH = 36;
export const SEED_BYTES = 32;
/** 32 bytes in standard base64: 43 characters of A-Z a-z 0-9 + / and a final '=' (spec §5). */
export const SEED_PATTERN = /^[A-Za-z0-9+/]{43}=$/;

/** A seed given to the scheme is not 32 bytes in standard base64. */
export class InvalidSeedError extends Error {
  constructor(message = 'a seed is 32 bytes in standard base64: 43 characters of A-Z a-z 0-9 + / and a final =') {
    super(message);
    this.name = 'InvalidSeedError';
  }
}

/** True when `seed` is the base64 text of exactly 32 bytes. */
export function isValidSeed(seed: string): boolean {
  return SEED_PATTERN.test(seed) && base64Decode(seed) !== null;
}

/** The 32 bytes of a seed; throws InvalidSeedError for anything else. */
export function decodeSeed(seed: string): Uint8Array {
  const bytes = SEED_PATTERN.test(seed) ? base64Decode(seed) : null;
  if (bytes === null || bytes.length !== SEED_BYTES) throw new InvalidSeedError();
  return bytes;
}

/** `seedBytes` must be 32 random bytes; returns the seed as the base64 text players see. */
export function encodeSeed(seedBytes: Uint8Array): string {
  if (seedBytes.length !== SEED_BYTES) throw new InvalidSeedError('a seed is 32 bytes');
  return base64Encode(seedBytes);
}

export type Sha256 = (bytes: Uint8Array) => Uint8Array;
export type AsyncSha256 = (bytes: Uint8Array) => Promise<Uint8Array>;

/**
 * base64(SHA-256(decoded house seed)). SHA-256 comes from outside so the scheme stays portable:
 * node:crypto on the server, WebCrypto (async) in the browser.
 */
export function houseSeedHash(houseSeed: string, sha256: Sha256): string;
export function houseSeedHash(houseSeed: string, sha256: AsyncSha256): Promise<string>;
export function houseSeedHash(houseSeed: string, sha256: Sha256 | AsyncSha256): string | Promise<string> {
  const digest = sha256(decodeSeed(houseSeed));
  return digest instanceof Uint8Array ? base64Encode(digest) : digest.then((d) => base64Encode(d));
}

const twister = new MersenneTwister();
const keyWords = new Uint32Array((2 * SEED_BYTES) / 4);

/** The 208 card ids of a shoe in dealing order (position 0 is dealt first). */
export function shuffleShoe(playerSeed: string, houseSeed: string): number[] {
  return shuffleShoeFromBytes(decodeSeed(playerSeed), decodeSeed(houseSeed));
}

/** As `shuffleShoe`, from the decoded seed bytes. */
export function shuffleShoeFromBytes(playerSeed: Uint8Array, houseSeed: Uint8Array): number[] {
  if (playerSeed.length !== SEED_BYTES || houseSeed.length !== SEED_BYTES) throw new InvalidSeedError('a seed is 32 bytes');
  // CPython seeds with int.from_bytes(player ‖ house, "little"): little-endian 32-bit words, trailing zero words dropped.
  for (let w = 0; w < 16; w++) {
    const bytes = w < 8 ? playerSeed : houseSeed;
    const o = (w & 7) * 4;
    keyWords[w] = bytes[o] | (bytes[o + 1] << 8) | (bytes[o + 2] << 16) | (bytes[o + 3] << 24);
  }
  let length = keyWords.length;
  while (length > 1 && keyWords[length - 1] === 0) length--;
  twister.seedByArray(keyWords, length);

  const cards = new Array<number>(SHOE_SIZE);
  for (let i = 0; i < SHOE_SIZE; i++) cards[i] = i;
  for (let i = SHOE_SIZE - 1; i >= 1; i--) {
    const j = twister.randBelow(i + 1);
    const t = cards[i];
    cards[i] = cards[j];
    cards[j] = t;
  }
  return cards;
}
