import { z } from 'zod';
import { Sats } from './money';

/** Spec §4 bonus statuses. Only Offered can be accepted or declined; Accepted locks withdrawals. */
export const BONUS_STATUSES = ['Offered', 'Accepted', 'Expired', 'Declined', 'Complete', 'Forgiven'] as const;
export const BonusStatus = z.enum(BONUS_STATUSES);
export type BonusStatus = z.infer<typeof BonusStatus>;

/** Spec §3 Bonus. `playthrough` is what has been wagered toward `playthroughTarget`. */
export const Bonus = z.object({
  id: z.uuid(),
  /** When it was offered (or redeemed). */
  date: z.string(),
  /** The redeem code that granted it; null for the first-deposit bonus. */
  redeemCode: z.string().nullable(),
  bonusAmount: Sats,
  status: BonusStatus,
  playthrough: Sats,
  playthroughTarget: Sats,
  /** When an Offered bonus expires; null once it is no longer offered. */
  expiresAt: z.string().nullable(),
});
export type Bonus = z.infer<typeof Bonus>;
export const BonusList = z.array(Bonus);

/** The answer to accepting or declining a bonus: the bonus and the bank after it. */
export const BonusDecisionResponse = z.object({ bonus: Bonus, bank: Sats });
export type BonusDecisionResponse = z.infer<typeof BonusDecisionResponse>;

/** `selfexclude/{value}` and `animate/{value}` take `true` or `false`. */
export const BooleanParam = z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true');

export const SelfExcludeResponse = z.object({ selfExclude: z.boolean() });
export type SelfExcludeResponse = z.infer<typeof SelfExcludeResponse>;
export const AnimateResponse = z.object({ animate: z.boolean() });
export type AnimateResponse = z.infer<typeof AnimateResponse>;
export const BanResponse = z.object({ id: z.uuid(), banned: z.boolean() });
export type BanResponse = z.infer<typeof BanResponse>;
