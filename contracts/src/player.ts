import { z } from 'zod';
import { Sats } from './money';

export const NIL_ID = '00000000-0000-0000-0000-000000000000';

export const LoginRequest = z.object({
  idToken: z.string().min(20, 'idToken is missing or too short').max(8192),
  /** Shown as the player's picture: only `https:` (never `javascript:`, `data:` or plain `http:`). */
  photoUrl: z.union([z.url({ protocol: /^https$/, error: 'photoUrl must be an https:// address' }).max(2048), z.literal(''), z.null()]).optional(),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginResponse = z.object({ jwt: z.string() });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const DevIdTokenRequest = z.object({
  email: z.email('email must be a valid e-mail address').max(254),
  name: z.string().trim().min(1).max(100).optional(),
});
export type DevIdTokenRequest = z.infer<typeof DevIdTokenRequest>;
export const DevIdTokenResponse = z.object({ idToken: z.string() });
export type DevIdTokenResponse = z.infer<typeof DevIdTokenResponse>;

/** Player of spec §3. `shoeId` is NIL_ID when the player has no shoe; `verifiedPhoneNumber` null means unverified. */
export const Player = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  createdTime: z.string(),
  banned: z.boolean(),
  suspectLevel: z.number().int(),
  handsPlayed: z.number().int(),
  totalBetAmount: Sats,
  /** Everything the settled hands paid back, stakes included. */
  totalWonAmount: Sats,
  /** Won minus bet over all settled hands (negative: the player is down). */
  netAmount: z.number().int(),
  level: z.number().int().min(0).max(4),
  activeHandId: z.string().nullable(),
  shoeId: z.string(),
  /** Self-excluded now: true from the exclusion until a requested lift's cooling-off has passed. */
  selfExclude: z.boolean(),
  /** When the lift the player asked for ends the exclusion (null: none waiting). */
  selfExclusionLiftsAt: z.string().nullable(),
  verifiedPhoneNumber: z.string().nullable(),
  photoUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  /** Deal animations on the table (off also when the browser asks for reduced motion). */
  animate: z.boolean(),
});
export type Player = z.infer<typeof Player>;

/** GET players/bcvalue: the price figure (US dollars per bitcoin; spec §1 divides it by 100 for the rate) and its source. */
export const PriceFigure = z.object({
  value: z.number(),
  source: z.string(),
  fixed: z.boolean(),
  asOf: z.string(),
});
export type PriceFigure = z.infer<typeof PriceFigure>;
