import { z } from 'zod';
import { Sats } from './money';

/*
 * The strategy coach on the wire (GET players/coach/hands/{id}, GET players/coach/week). Expected values
 * are in bets (infinite-deck model, contracts/src/strategy/expected-value.ts); costs in millisatoshis,
 * because a close play costs less than a satoshi on a small bet.
 */

/** The decisions the coach judges: the four plays and the answers to insurance and even money. */
export const COACH_ACTIONS = ['Hit', 'Stand', 'Double', 'Split', 'Insurance', 'NoInsurance', 'EvenMoney', 'NoEvenMoney'] as const;
export const CoachAction = z.enum(COACH_ACTIONS);
export type CoachAction = z.infer<typeof CoachAction>;

/** A decision that differed from basic strategy, with what it cost in expected value. */
export const CoachDeviation = z.object({
  /** The decision's number in its hand (1 = the first decision, agreeing ones included). */
  seq: z.number().int().min(1),
  /** Which player hand (0 before any split). */
  handIndex: z.number().int().min(0),
  /** The values of that hand's cards when deciding (ace 1, faces 10). */
  cards: z.array(z.number().int().min(1).max(10)),
  total: z.number().int(),
  soft: z.boolean(),
  /** The dealer's up card value, 1 for an ace. */
  dealerUp: z.number().int().min(1).max(10),
  action: CoachAction,
  recommended: CoachAction,
  /** The hand's bet: the expected values are in bets of it. */
  stake: Sats,
  evAction: z.number(),
  evRecommended: z.number(),
  /** (evRecommended − evAction) × stake in millisatoshis; negative when the model values the play made higher. */
  costMsat: z.number().int(),
});
export type CoachDeviation = z.infer<typeof CoachDeviation>;

/** GET players/coach/hands/{id}: the coach's report of a settled hand. `ready` false: not settled or not judged yet (ask again). */
export const CoachHandReport = z.object({
  handId: z.uuid(),
  ready: z.boolean(),
  level: z.number().int().min(0).nullable(),
  /** Decisions judged (a forced one, such as insurance the bank could not pay for, is not a decision). */
  decisions: z.number().int().min(0),
  deviations: z.array(CoachDeviation),
  costMsat: z.number().int(),
});
export type CoachHandReport = z.infer<typeof CoachHandReport>;

/** GET players/coach/week: the player's own hands settled in the last 7 days [from, to). */
export const CoachWeek = z.object({
  from: z.string(),
  to: z.string(),
  hands: z.number().int().min(0),
  decisions: z.number().int().min(0),
  deviations: z.number().int().min(0),
  /** Expected value given away by the deviations, in millisatoshis (negative: gained). */
  costMsat: z.number().int(),
});
export type CoachWeek = z.infer<typeof CoachWeek>;
