import type { PlayerBalance } from '../../../domain/liabilities/merkle-sum';

/** A commitment to what the site owes, as published. */
export interface LiabilityCommitmentRow {
  id: string;
  position: string | null;
  rootHash: string;
  total: number;
  players: number;
  committedAt: string;
}

/** The `liabilities` read model, and the banks a new commitment is built from. */
export abstract class LiabilitiesReadModel {
  /** Newest first. */
  abstract commitments(limit: number): Promise<LiabilityCommitmentRow[]>;
  abstract commitment(id: string): Promise<LiabilityCommitmentRow | null>;
  /** Every balance of a commitment, with its salts. */
  abstract balances(commitmentId: string): Promise<PlayerBalance[]>;
  /** Every bank above nothing, and the bank read model's checkpoint they are at, read together (one snapshot). */
  abstract banksNow(): Promise<{ position: string | null; banks: { playerId: string; balance: number }[] }>;
}
