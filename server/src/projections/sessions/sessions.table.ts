import type { ColumnType } from 'kysely';

/** One row per session token issued at sign-in (`player-<id>` stream); ended by a logout, a logout everywhere or a ban. */
export interface SessionsTable {
  session_id: string;
  player_id: string;
  started_time: ColumnType<Date, Date | string, never>;
  expires_time: ColumnType<Date, Date | string, never>;
  /** Revision of its `SessionStarted` on the player stream: `AllSessionsEnded` ends the sessions started before it. */
  started_revision: number;
  /** Null while the session is open. */
  ended_time: ColumnType<Date | null, Date | string | null, Date | string | null>;
  end_reason: 'logout' | 'logout-all' | 'ban' | null;
}

/** The sessions read model's table, by name (composed into `ReadModels` in ../schema.ts). */
export interface SessionsTables {
  sessions: SessionsTable;
}
