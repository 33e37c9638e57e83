import { z } from 'zod';
import { Sats } from './money';

/** Spec §4 bonus statuses. Only Offered can be accepted or declined; Accepted locks withdrawals. */
export const BONUS_STATUSES = ['Offered', 'Accepted', 'Expired', 'Declined', 'Complete', 'Forgiven'] as const;
export const BonusStatus = z.enum(BONUS_STATUSES);
export type BonusStatus = z.infer<typeof BonusStatus>;
/** Why a bonus ended when its status alone does not say: `withdrawal`, an offer that lapsed when the player requested a withdrawal. */
export const BONUS_END_REASONS = ['withdrawal'] as const;
export const BonusEndReason = z.enum(BONUS_END_REASONS);
export type BonusEndReason = z.infer<typeof BonusEndReason>;

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
  /** `withdrawal`: an Expired offer that lapsed because the player requested a withdrawal; null otherwise. */
  endedBy: BonusEndReason.nullable(),
  /** When it was declined, expired (or lapsed), completed or forgiven; null while Offered or Accepted. */
  endedAt: z.string().nullable(),
});
export type Bonus = z.infer<typeof Bonus>;
export const BonusList = z.array(Bonus);

/** The answer to accepting or declining a bonus: the bonus and the bank after it. */
export const BonusDecisionResponse = z.object({ bonus: Bonus, bank: Sats });
export type BonusDecisionResponse = z.infer<typeof BonusDecisionResponse>;

/** `selfexclude/{value}` and `animate/{value}` take `true` or `false`. */
export const BooleanParam = z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true');

/** `selfExclude`: excluded now (also while a lift waits); `selfExclusionLiftsAt`: when a requested lift takes effect. */
export const SelfExcludeResponse = z.object({ selfExclude: z.boolean(), selfExclusionLiftsAt: z.string().nullable() });
export type SelfExcludeResponse = z.infer<typeof SelfExcludeResponse>;
export const AnimateResponse = z.object({ animate: z.boolean() });
export type AnimateResponse = z.infer<typeof AnimateResponse>;
export const BanResponse = z.object({ id: z.uuid(), banned: z.boolean() });
export type BanResponse = z.infer<typeof BanResponse>;

/** A redeem code as the player types it: printable characters only; the server answers InvalidRedeemCode for an unknown one. */
export const RedeemCodeRequest = z.object({
  code: z.string().trim().min(1, 'Enter a code').max(64, 'A code has at most 64 characters').regex(/^[\x21-\x7e]+$/, 'A code has no spaces or control characters'),
});
export type RedeemCodeRequest = z.infer<typeof RedeemCodeRequest>;

/** An admin's new redeem code. Codes compare case-insensitively and are stored upper-case. */
export const CreateRedeemCodeRequest = z.object({
  code: z.string().trim().min(5, 'A code has at least 5 characters').max(64).regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, _ and - only'),
  bonusAmount: Sats.refine((v) => v > 0, 'The bonus must be above 0').refine((v) => v <= 2_100_000_000_000_000, 'The bonus cannot be more than all bitcoin'),
  /** Default: 125 × the bonus (100 × under BONUS_PLAYTHROUGH=deposit100). */
  playthroughTarget: Sats.refine((v) => v >= 0, 'The target cannot be negative').optional(),
  /** Default: no limit. */
  maxRedemptions: z.number().int().min(1).max(1_000_000).optional(),
  expiresAt: z.iso.datetime({ offset: true }).optional(),
  /** The bank a player needs to redeem it (default 1 sat). */
  minBank: Sats.refine((v) => v >= 0, 'The minimum bank cannot be negative').optional(),
});
export type CreateRedeemCodeRequest = z.infer<typeof CreateRedeemCodeRequest>;

export const RedeemCodeView = z.object({
  code: z.string(),
  bonusAmount: Sats,
  playthroughTarget: Sats,
  maxRedemptions: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
  minBank: Sats,
  redemptions: z.number().int(),
  createdTime: z.string(),
});
export type RedeemCodeView = z.infer<typeof RedeemCodeView>;
export const RedeemCodeList = z.array(RedeemCodeView);

/** Limits a player sets on themself (satoshis over a rolling day, 7 and 30 days; minutes for the reminder). */
export const LIMIT_KINDS = ['dailyDeposit', 'weeklyDeposit', 'monthlyDeposit', 'dailyLoss', 'weeklyLoss', 'monthlyLoss', 'sessionReminderMinutes'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

const limitValue = Sats.refine((v) => v >= 0, 'A limit cannot be negative').nullable();
/** `PUT players/limits`: the limits to change; null removes one, a missing one stays as it is. */
export const LimitsRequest = z
  .object({
    dailyDeposit: limitValue,
    weeklyDeposit: limitValue,
    monthlyDeposit: limitValue,
    dailyLoss: limitValue,
    weeklyLoss: limitValue,
    monthlyLoss: limitValue,
    sessionReminderMinutes: z.number().int().min(1).max(1440).nullable(),
  })
  .partial()
  .strict();
export type LimitsRequest = z.infer<typeof LimitsRequest>;

export const LimitSettingView = z.object({
  /** In force now; null: no limit. */
  value: z.number().int().nullable(),
  /** A looser value that applies 24 hours after it was asked for. */
  pending: z.object({ value: z.number().int().nullable(), effectiveAt: z.string() }).nullable(),
});
export type LimitSettingView = z.infer<typeof LimitSettingView>;

export const PlayerLimits = z.object({
  limits: z.record(z.enum(LIMIT_KINDS), LimitSettingView),
  /** Satoshis deposited and lost in each window now. */
  usage: z.object({ dailyDeposit: Sats, weeklyDeposit: Sats, monthlyDeposit: Sats, dailyLoss: Sats, weeklyLoss: Sats, monthlyLoss: Sats }),
});
export type PlayerLimits = z.infer<typeof PlayerLimits>;
