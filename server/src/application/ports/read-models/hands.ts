import type { Hand } from '@bahati/contracts';

export interface HandRecord {
  playerId: string;
  settled: boolean;
  hand: Hand;
}

/** The `hands` read model: one row per hand. */
export abstract class HandsReadModel {
  abstract hand(id: string): Promise<HandRecord | null>;
  /** Newest first. */
  abstract handsOf(playerId: string, page?: { offset: number; limit: number }): Promise<Hand[]>;
  /** How many hands the player has. */
  abstract handCount(playerId: string): Promise<number>;
}
