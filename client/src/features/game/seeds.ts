/*
 * Values of contracts/src/game.ts, repeated here: importing a value from that module keeps its zod
 * schemas (and zod) in the bundle. Types still come from @bahati/contracts.
 */
/** 32 bytes in standard base64: 43 characters of A-Z a-z 0-9 + / and a final '=' (spec §5). */
export const SEED_PATTERN = /^[A-Za-z0-9+/]{43}=$/;
export const HANDS_PER_SHOE = 4;

/** A fresh player seed: 32 bytes from the browser's CSPRNG in standard base64 (44 characters). */
export function randomSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}

export const isValidSeed = (seed: string) => SEED_PATTERN.test(seed);

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
