import type { ColumnType } from 'kysely';
import type { HeldDepositStatus } from '@bahati/contracts';

/** One row per deposit ever held for review, with what an admin decided for it (`/admin/held-deposits`). */
export interface HeldDepositsTable {
  /** `method:id`: the invoice id, or `txid:vout` for an output. */
  key: string;
  method: 'bitcoin' | 'lightning';
  deposit_id: string;
  player_id: string;
  amount: number;
  held_time: ColumnType<Date, Date | string, never>;
  status: HeldDepositStatus;
  /** The admin who released it or asked for its refund, and why. */
  reviewer_id: string | null;
  reason: string | null;
  target: string | null;
  reference: string | null;
  failure: string | null;
  decided_time: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

/** The held deposits read model's table, by name (composed into `ReadModels` in ../schema.ts). */
export interface HeldDepositsTables {
  held_deposits: HeldDepositsTable;
}
