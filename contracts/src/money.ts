import { z } from 'zod';

/** Satoshis are integers end to end; JSON numbers stay exact up to 2^53. */
export const Sats = z.number().int().safe();
export type Sats = z.infer<typeof Sats>;

/** A positive whole number of satoshis given as a string or a number (the spec sends some amounts as strings). */
export const SatsInput = z
  .union([z.number(), z.string().trim().regex(/^\d+$/, 'must be a whole number of satoshis')])
  .transform((v) => (typeof v === 'string' ? Number(v) : v))
  .pipe(z.number().int('must be a whole number of satoshis').positive('must be greater than 0').max(2_100_000_000_000_000, 'is larger than all bitcoin'));

/** dollars = sats × rate / 1e6, where rate = price figure / 100 (spec §1). */
export function satsToDollars(sats: number, priceFigure: number): number {
  const rate = priceFigure / 100;
  return Math.round((sats * rate) / 1e6 * 100) / 100;
}

/** Spec §9: the chips, smallest first. */
export const CHIP_VALUES = [1_000, 5_000, 25_000, 100_000] as const;
/** Spec §9: a bet is a whole number of satoshis from MIN_BET to MAX_BET. */
export const MIN_BET = 1;
export const MAX_BET = 500_000;
/** Whether the table takes `bet` as a stake (the rule above; the hand engine enforces it, the client explains it). */
export const isValidBet = (bet: number): boolean => Number.isSafeInteger(bet) && bet >= MIN_BET && bet <= MAX_BET;
export const LOW_BANK_WARNING = 10_000;
export const MIN_LIGHTNING_DEPOSIT = 1_000;
export const MIN_BITCOIN_WITHDRAWAL = 1_000;
