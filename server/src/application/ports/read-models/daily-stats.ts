/** The figures of one UTC day of the daily-stats read model. */
export interface DailyStatsRow {
  date: string;
  hands: number;
  wagered: number;
  returned: number;
  /** The published edge's expected house win on those wagers, in millisatoshis. */
  expectedHouseWinMsat: number;
  deposits: number;
  depositCount: number;
  withdrawals: number;
  withdrawalCount: number;
  withdrawalsRefunded: number;
  activePlayers: number;
}

/** The `daily-stats` read model: the daily figures of analytics. */
export abstract class DailyStatsReadModel {
  /** The days of [from, to] (UTC dates, both included) that have figures, in order. */
  abstract days(from: string, to: string): Promise<DailyStatsRow[]>;
  /** Players who settled a hand on any day of [from, to]. */
  abstract activePlayers(from: string, to: string): Promise<number>;
}
