import type { Shoe } from '@bahati/contracts';

/** The `shoes` read model. */
export abstract class ShoesReadModel {
  abstract shoe(id: string): Promise<{ playerId: string; shoe: Shoe } | null>;
}
