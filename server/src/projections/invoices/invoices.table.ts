import type { ColumnType } from 'kysely';

export interface LightningInvoicesTable {
  /** The payment hash. */
  id: string;
  player_id: string;
  amount: number;
  status: 'Opened' | 'Settled' | 'Canceled' | 'Held' | 'Returned';
  payment_request: string;
  payment_hash: string;
  created_time: ColumnType<Date, Date | string, never>;
  expires_at: ColumnType<Date, Date | string, never>;
  settled_time: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

/** The invoices read model's table, by name (composed into `ReadModels` in ../schema.ts). */
export interface InvoicesTables {
  lightning_invoices: LightningInvoicesTable;
}
