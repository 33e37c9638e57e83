import type { ColumnType } from 'kysely';

/** A commitment to what the site owes (stream `liabilities`): its public root, total and position. */
export interface LiabilityCommitmentsTable {
  id: string;
  position: string | null;
  root_hash: string;
  total: number;
  players: number;
  committed_by: string;
  committed_at: ColumnType<Date, Date | string, never>;
}

/** Each player's balance in a commitment, with the salts of their two leaves (secret to the player; kept to give their proof again). */
export interface LiabilityBalancesTable {
  commitment_id: string;
  player_id: string;
  balance: number;
  salt_a: string;
  salt_z: string;
}

/** The liabilities read model's tables, by name (composed into `ReadModels` in ../schema.ts). */
export interface LiabilitiesTables {
  liability_commitments: LiabilityCommitmentsTable;
  liability_balances: LiabilityBalancesTable;
}
