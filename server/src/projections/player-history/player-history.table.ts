import type { ColumnType } from 'kysely';
import type { ProtectionKind, SessionEndReason } from '@bahati/contracts';

/** Every session a sign-in started, kept for good (the `sessions` table keeps only those that may still be used). */
export interface SessionHistoryTable {
  session_id: string;
  player_id: string;
  started_at: ColumnType<Date, Date | string, never>;
  expires_at: ColumnType<Date, Date | string, never>;
  /** Revision of its `SessionStarted` on the player stream: `AllSessionsEnded` ends the sessions started before it. */
  started_revision: number;
  ended_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  end_reason: SessionEndReason | null;
  /** The client's IP address at sign-in; null when the event has none. */
  address: string | null;
}

/** One change of a limit or of the self-exclusion, as the player made it. */
export interface ProtectionChangesTable {
  /** The event's id, and the change's place in it (`<event id>:<n>`). */
  id: string;
  player_id: string;
  at: ColumnType<Date, Date | string, never>;
  kind: ProtectionKind;
  value: number | null;
  effective_at: ColumnType<Date | null, Date | string | null, never>;
}

/** When the player was last seen: the newest sign-in or hand. */
export interface PlayerActivityTable {
  player_id: string;
  last_active_at: ColumnType<Date, Date | string, Date | string>;
}

/** The player-history read model's tables, by name (composed into `ReadModels` in ../schema.ts). */
export interface PlayerHistoryTables {
  session_history: SessionHistoryTable;
  protection_changes: ProtectionChangesTable;
  player_activity: PlayerActivityTable;
}
