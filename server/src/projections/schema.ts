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
}

export interface ReadModels {
  projection_checkpoints: ProjectionCheckpointsTable;
  players: PlayersTable;
  banks: BanksTable;
}
