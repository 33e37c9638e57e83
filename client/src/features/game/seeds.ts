import { encodeSeed, SEED_BYTES } from '@bahati/contracts';

/** The seed rules are the provably fair scheme's (contracts/src/fairness, free of zod). */
export { HANDS_PER_SHOE, isValidSeed, SEED_PATTERN } from '@bahati/contracts';

/** A fresh player seed: 32 bytes from the browser's CSPRNG in standard base64 (44 characters). */
export function randomSeed(): string {
  return encodeSeed(crypto.getRandomValues(new Uint8Array(SEED_BYTES)));
}

const key = (shoeId: string) => `bahati.seed.${shoeId}`;

/** The seed a player chose for a shoe survives a reload until the shoe's first deal fixes it. */
export function storedSeed(shoeId: string): string | null {
  try {
    return sessionStorage.getItem(key(shoeId));
  } catch {
    return null;
  }
}

export function storeSeed(shoeId: string, seed: string) {
  try {
    sessionStorage.setItem(key(shoeId), seed);
  } catch {
    // private mode: the seed simply is not remembered
  }
}

const BET_KEY = 'bahati.bet';

export function storedBet(): number {
  try {
    const n = Number(localStorage.getItem(BET_KEY));
    return Number.isSafeInteger(n) && n > 0 ? n : 0;
  } catch {
    return 0;
  }
}

export function storeBet(bet: number) {
  try {
    localStorage.setItem(BET_KEY, String(bet));
  } catch {
    // not remembered
  }
}
