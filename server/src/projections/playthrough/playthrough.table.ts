import type { ColumnType, Generated } from 'kysely';

/** One row per bonus (the playthrough read model). */
export interface BonusesTable {
  id: string;
  player_id: string;
  date: ColumnType<Date, Date | string, Date | string>;
  redeem_code: string | null;
  deposit_amount: number | null;
  bonus_amount: number;
  status: string;
  playthrough: Generated<number>;
  playthrough_target: number;
  expires_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  /** `withdrawal`: an offer that lapsed because a withdrawal was requested (migration 0012). */
  ended_by: string | null;
  /** When it was declined, expired, lapsed, completed or forgiven. */
  ended_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

/** The playthrough read model's table, by name (composed into `ReadModels` in ../schema.ts). */
export interface PlaythroughTables {
  bonuses: BonusesTable;
}
