import type { Hand } from '@bahati/contracts';

export interface HandRecord {
  playerId: string;
  settled: boolean;
  hand: Hand;
}

/** The `hands` read model: one row per settled hand (the hand in play is the account's). */
export abstract class HandsReadModel {
  abstract hand(id: string): Promise<HandRecord | null>;
  /** Whose hand in play this is (the hand is not in the read model until it settles); null when no one's. */
  abstract playerOfHandInPlay(id: string): Promise<string | null>;
  /** Newest first. */
  abstract handsOf(playerId: string, page?: { offset: number; limit: number }): Promise<Hand[]>;
  /** How many hands the player has. */
  abstract handCount(playerId: string): Promise<number>;
}
