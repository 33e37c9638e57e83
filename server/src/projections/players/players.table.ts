import type { ColumnType, Generated } from 'kysely';

export interface PlayersTable {
  id: string;
  subject: string;
  email: string;
  name: string | null;
  photo_url: string | null;
  created_time: ColumnType<Date, Date | string, never>;
  banned: Generated<boolean>;
  self_exclude: Generated<boolean>;
  /** When a requested lift ends the self-exclusion (null: none asked, or cancelled). */
  self_exclusion_lifts_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  verified_phone_number: string | null;
  animate: Generated<boolean>;
}

/** The players read model's table, by name (composed into `ReadModels` in ../schema.ts). */
export interface PlayersTables {
  players: PlayersTable;
}
