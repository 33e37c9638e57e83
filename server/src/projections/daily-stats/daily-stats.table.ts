/** One row per UTC day (the day the event was recorded): hands settled, wagers, returns, deposits, withdrawals. */
export interface DailyStatsTable {
  /** YYYY-MM-DD. */
  day: string;
  hands: number;
  wagered: number;
  returned: number;
  /** What the published edge expects the house to win on those wagers, in millisatoshis. */
  expected_house_win_msat: number;
  deposits: number;
  deposit_count: number;
  withdrawals: number;
  withdrawal_count: number;
  withdrawals_refunded: number;
  /** The last event applied to this day: replays of older events change nothing. */
  checkpoint: string;
}

/** Who settled a hand on a UTC day (active players). */
export interface DailyPlayersTable {
  day: string;
  player_id: string;
}

/** The daily-stats read model's tables, by name (composed into `ReadModels` in ../schema.ts). */
export interface DailyStatsTables {
  daily_stats: DailyStatsTable;
  daily_players: DailyPlayersTable;
}
