import type { ColumnType } from 'kysely';

/**
 * One run of the reconciliation check (`application/admin/reconciliation.ts`). Not a projection: the
 * check writes it, no event does, and a rebuild of the read models leaves it alone.
 */
export interface ReconciliationRunsTable {
  id: string;
  checked_at: ColumnType<Date, Date | string, never>;
  players_checked: number;
  duration_ms: number;
  /** How many players of the run still differ (a repair takes its player off). */
  differences: number;
}

/** A player whose bank row, ledger sum and account events disagreed in a run. */
export interface ReconciliationDifferencesTable {
  run_id: string;
  player_id: string;
  email: string;
  name: string | null;
  bank_read_model: number;
  ledger_sum: number;
  events: number;
  missing: number;
  extra: number;
  changed: number;
  checked_at: ColumnType<Date, Date | string, never>;
}

/** The reconciliation check's tables, by name (composed into `ReadModels` in ../schema.ts). */
export interface ReconciliationTables {
  reconciliation_runs: ReconciliationRunsTable;
  reconciliation_differences: ReconciliationDifferencesTable;
}
