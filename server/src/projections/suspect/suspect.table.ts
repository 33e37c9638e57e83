import type { ColumnType } from 'kysely';
import type { JsonDocument } from '../columns';

/** Per player: the suspect detector's state (JSON), the level now, how many records, and the revisions folded. */
export interface SuspectPlayersTable {
  player_id: string;
  suspect_level: number;
  records: number;
  state: JsonDocument;
  /** Revisions of the last `account-<id>` and `player-<id>` events applied (-1: none): replays of older events change nothing. */
  account_revision: number;
  player_revision: number;
}

/** Spec §3 suspect record. `id` is `<event id>:<n>`; `seq` orders a player's records. */
export interface SuspectRecordsTable {
  id: string;
  player_id: string;
  seq: number;
  time: ColumnType<Date, Date | string, never>;
  hand_id: string | null;
  player_hand_value: number | null;
  dealer_hand_value: number | null;
  expected_action: string | null;
  actual_action: string | null;
  suspect_change: number;
  reason: string;
  admin_id: string | null;
}

/** The suspect read model's tables, by name (composed into `ReadModels` in ../schema.ts). */
export interface SuspectTables {
  suspect_players: SuspectPlayersTable;
  suspect_records: SuspectRecordsTable;
}
