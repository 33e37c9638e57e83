import * as contracts from '@bahati/contracts';
import { DomainError } from './decider';

/*
 * The provably fair shoe of @bahati/contracts as the server uses it: a seed the scheme refuses is the
 * domain's InvalidSeed error (400), like every other broken rule. The simulator, which only ever
 * shuffles 32-byte seeds, calls the contracts directly.
 */

const { InvalidSeedError } = contracts;

function orInvalidSeed<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof InvalidSeedError) throw new DomainError('InvalidSeed', error.message);
    throw error;
  }
}

/** The 208 card ids of a shoe in dealing order; DomainError InvalidSeed for a bad seed. */
export function shuffleShoe(playerSeed: string, houseSeed: string): number[] {
  return orInvalidSeed(() => contracts.shuffleShoe(playerSeed, houseSeed));
}

/** base64(SHA-256(decoded house seed)); DomainError InvalidSeed for a bad seed. */
export function houseSeedHash(houseSeed: string, sha256: contracts.Sha256): string {
  return orInvalidSeed(() => contracts.houseSeedHash(houseSeed, sha256));
}

/** The base64 text of 32 seed bytes; DomainError InvalidSeed for any other length. */
export function encodeSeed(seedBytes: Uint8Array): string {
  return orInvalidSeed(() => contracts.encodeSeed(seedBytes));
}
