import type { ColumnType, Generated } from 'kysely';

/** One row per redeem code, with how many times it is redeemed now. */
export interface RedeemCodesTable {
  code: string;
  bonus_amount: number;
  playthrough_target: number;
  max_redemptions: number | null;
  expires_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  min_bank: number;
  redemptions: Generated<number>;
  created_by: string;
  created_time: ColumnType<Date, Date | string, never>;
}

/** The redeem-codes read model's table, by name (composed into `ReadModels` in ../schema.ts). */
export interface RedeemCodesTables {
  redeem_codes: RedeemCodesTable;
}
