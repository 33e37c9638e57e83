import type { ColumnType } from 'kysely';
import type { JsonDocument } from '../columns';

/** One row per hand: the hand engine's state after the hand's last event, for history and audit. */
export interface HandsTable {
  id: string;
  player_id: string;
  shoe_id: string;
  hand_number: number;
  created_time: ColumnType<Date, Date | string, never>;
  settled_time: ColumnType<Date | null, Date | string | null, Date | string | null>;
  /** The hand engine's phase: Settled once over. */
  phase: string;
  base_bet: number;
  total_bet: number;
  win_amount: number | null;
  net: number | null;
  level: number;
  /** The hand engine's HandState (JSON), less what the other columns and the level give (`stored-state.ts`). */
  state: JsonDocument;
  /** Revision of the last account event applied: replays of older events change nothing. */
  revision: number;
}

/** The hands read model's table, by name (composed into `ReadModels` in ../schema.ts). */
export interface HandsTables {
  hands: HandsTable;
}
