import type { ColumnType } from 'kysely';
import type { AuditAction } from '@bahati/contracts';

/** One staff decision, from the event that recorded it (the audit log, `/admin/audit-log`). */
export interface StaffActionsTable {
  /** The event's id: a decision is written once, however often its batch is applied. */
  event_id: string;
  at: ColumnType<Date, Date | string, never>;
  action: AuditAction;
  staff_id: string;
  subject: string;
  player_id: string | null;
  /** Satoshis the decision moved or granted (a withdrawal, a released deposit, a code's bonus); null otherwise. */
  amount: number | null;
  reason: string | null;
  before: string | null;
  after: string | null;
}

/** The staff audit read model's table, by name (composed into `ReadModels` in ../schema.ts). */
export interface StaffAuditTables {
  staff_actions: StaffActionsTable;
}
