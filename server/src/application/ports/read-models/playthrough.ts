import type { Bonus } from '@bahati/contracts';

/** The `playthrough` read model: one row per bonus. */
export abstract class BonusReadModel {
  /** The player's bonuses, newest first. */
  abstract bonusesOf(playerId: string): Promise<Bonus[]>;
  /** Players with an Offered bonus whose offer ended before `now`. */
  abstract playersWithExpiredOffers(now: Date, limit?: number): Promise<string[]>;
}
