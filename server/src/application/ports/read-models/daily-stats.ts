import type { AnalyticsWithdrawals } from '@bahati/contracts';

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

/** The settled hands of a range at one game level: how many, staked, the house's net and the sum of its squares (per hand). */
export interface HandSampleRow {
  level: number;
  hands: number;
  staked: number;
  houseNet: number;
  /** Σ (house net of a hand)²: with `hands` and `houseNet`, the per-hand variance. */
  houseNetSquares: number;
}

/** The settled hands of a range of the players at one suspect level (now). */
export interface SuspectLevelRow {
  suspectLevel: number;
  players: number;
  hands: number;
  staked: number;
  houseNet: number;
}

/** The `daily-stats` read model: the daily figures of analytics. */
export abstract class DailyStatsReadModel {
  /** The days of [from, to] (UTC dates, both included) that have figures, in order. */
  abstract days(from: string, to: string): Promise<DailyStatsRow[]>;
  /** Players who settled a hand on any day of [from, to]. */
  abstract activePlayers(from: string, to: string): Promise<number>;
  /** The hands settled on [from, to] (the hands read model), by game level. */
  abstract handSample(from: string, to: string): Promise<HandSampleRow[]>;
  /** The hands settled on [from, to], by the suspect level their players have now (the suspect read model). */
  abstract bySuspectLevel(from: string, to: string): Promise<SuspectLevelRow[]>;
  /** Withdrawals requested, paid, declined and cancelled on [from, to] (the withdrawals read model). */
  abstract withdrawalFlows(from: string, to: string): Promise<AnalyticsWithdrawals>;
}
