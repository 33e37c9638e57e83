import type { ColumnType, Generated } from 'kysely';

/** Typed read-model tables (PostgreSQL). int8 columns parse to JS numbers (safe integers), see adapters/db. */
export interface ProjectionCheckpointsTable {
  name: string;
  version: number;
  checkpoint: string | null;
  updated_at: ColumnType<Date, Date, Date>;
}

export interface PlayersTable {
  id: string;
  subject: string;
  email: string;
  name: string | null;
  photo_url: string | null;
  created_time: ColumnType<Date, Date | string, never>;
  banned: Generated<boolean>;
  suspect_level: Generated<number>;
  self_exclude: Generated<boolean>;
  verified_phone_number: string | null;
}

export interface BanksTable {
  player_id: string;
  bank: number;
  /** Revision of the last account event applied: replays of older events change nothing. */
  revision: number;
}

/** Ledger entry types and their numbers (spec §4). */
export const LEDGER_TYPES = {
  BitcoinDeposit: 0, Withdraw: 1, Bet: 2, Double: 3, Split: 4, InsuranceBet: 5, InsuranceWin: 6, Win: 7, Push: 8,
  ShowShoe: 9, Bonus: 10, EvenMoney: 11, WithdrawRefund: 12, LightningDeposit: 13,
} as const;
export type LedgerType = keyof typeof LEDGER_TYPES;

export interface LedgerEntriesTable {
  /** `<event id>:<n>`: one event may make several entries; replays insert nothing new. */
  id: string;
  player_id: string;
  type: LedgerType;
  created_time: ColumnType<Date, Date | string, never>;
  hand_id: string | null;
  reference: string | null;
  /** Signed satoshis: credits positive, debits negative. */
  amount: number;
  /** Order within the player's ledger (account stream revision × 16 + entry number). */
  seq: number;
}

export interface ReadModels {
  projection_checkpoints: ProjectionCheckpointsTable;
  players: PlayersTable;
  banks: BanksTable;
  ledger_entries: LedgerEntriesTable;
}
