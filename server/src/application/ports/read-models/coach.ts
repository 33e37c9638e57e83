import type { CoachDeviation } from '@bahati/contracts';

/** A settled hand as the coach judged it. */
export interface CoachHandRecord {
  playerId: string;
  handId: string;
  level: number;
  decisions: number;
  costMsat: number;
  deviations: CoachDeviation[];
}

/** Totals of a player's hands settled in a time range. */
export interface CoachTotals {
  hands: number;
  decisions: number;
  deviations: number;
  costMsat: number;
}

/** The strategy coach's read model (`coach` projection). */
export abstract class CoachReadModel {
  /** The hand's judgement, with its deviations in decision order; null until the hand has settled and been judged. */
  abstract hand(handId: string): Promise<CoachHandRecord | null>;
  /** The player's hands settled in [from, to). */
  abstract totals(playerId: string, from: Date, to: Date): Promise<CoachTotals>;
}
