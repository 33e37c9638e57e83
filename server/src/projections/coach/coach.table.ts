import type { ColumnType } from 'kysely';
import type { JsonDocument } from '../columns';

/** Per player: the strategy coach's state between hands (JSON: the bank; a hand in play is kept in memory only) and the account revision folded. */
export interface CoachPlayersTable {
  player_id: string;
  state: JsonDocument;
  /** Revision of the last `account-<id>` event applied (-1: none): replays of older events change nothing. */
  account_revision: number;
}

/** One row per settled hand: how many decisions the coach judged, how many differed from basic strategy, and their cost. */
export interface CoachHandsTable {
  hand_id: string;
  player_id: string;
  settled_time: ColumnType<Date, Date | string, never>;
  level: number;
  bet: number;
  decisions: number;
  deviations: number;
  /** Expected value given away by the deviations, in millisatoshis (negative: gained). */
  cost_msat: number;
}

/** A decision that differed from basic strategy. `id` is the id of the event that recorded the decision. */
export interface CoachDeviationsTable {
  id: string;
  player_id: string;
  hand_id: string;
  /** The decision's number in its hand (1 = first). */
  seq: number;
  time: ColumnType<Date, Date | string, never>;
  hand_index: number;
  /** Card values of the hand decided on (ace 1). */
  cards: ColumnType<number[], readonly number[], readonly number[]>;
  total: number;
  soft: boolean;
  dealer_up: number;
  action: string;
  recommended: string;
  stake: number;
  /** Expected values in bets of `stake` (infinite deck). */
  ev_action: number;
  ev_recommended: number;
  cost_msat: number;
}

/** The coach read model's tables, by name (composed into `ReadModels` in ../schema.ts). */
export interface CoachTables {
  coach_players: CoachPlayersTable;
  coach_hands: CoachHandsTable;
  coach_deviations: CoachDeviationsTable;
}
