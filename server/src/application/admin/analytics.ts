import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import {
  type AnalyticsDay, type AnalyticsDetail, type AnalyticsEdge, type AnalyticsLevelBand, type AnalyticsQuery, type AnalyticsReport, SUSPECT_BANDS, expectedHouseWinMsat,
} from '@bahati/contracts';
import { type Actor, assertAdmin } from '../actor';
import { DailyStatsReadModel, type DailyStatsRow } from '../ports/read-models';
import type { HandSampleRow, SuspectLevelRow } from '../ports/read-models/daily-stats';
import { csvField } from './audit-log';

const DAY_MS = 86_400_000;

/** Percentages with four decimals (0.5041). */
const percent = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part / whole) * 100 * 10_000) / 10_000 : null);

type Figures = Omit<AnalyticsDay, 'date'>;

function figures(rows: readonly DailyStatsRow[], activePlayers: number): Figures {
  const sum = (f: (r: DailyStatsRow) => number) => rows.reduce((s, r) => s + f(r), 0);
  const wagered = sum((r) => r.wagered);
  const returned = sum((r) => r.returned);
  return {
    hands: sum((r) => r.hands),
    activePlayers,
    wagered,
    returned,
    grossGamingRevenue: wagered - returned,
    realisedEdgePercent: percent(wagered - returned, wagered),
    publishedEdgePercent: percent(sum((r) => r.expectedHouseWinMsat) / 1000, wagered),
    deposits: sum((r) => r.deposits),
    depositCount: sum((r) => r.depositCount),
    withdrawals: sum((r) => r.withdrawals),
    withdrawalCount: sum((r) => r.withdrawalCount),
    withdrawalsRefunded: sum((r) => r.withdrawalsRefunded),
  };
}

/** The two-sided 95% quantile of the normal distribution. */
export const Z95 = 1.959964;
const round4 = (v: number) => Math.round(v * 10_000) / 10_000;

/**
 * The realised edge of the hands (house net ÷ staked) with a 95% confidence interval by the normal
 * approximation: each hand's house net is one draw of variance s² = (Σx² − (Σx)²/n) ÷ (n − 1), so the house
 * net of n hands has a standard error of √(n·s²), and the edge one of √(n·s²) ÷ staked. The published edge is
 * the measured edge per satoshi wagered of each hand's game level, weighted by what was staked at it.
 */
export function realisedEdge(rows: readonly HandSampleRow[]): AnalyticsEdge {
  const hands = rows.reduce((s, r) => s + r.hands, 0);
  const staked = rows.reduce((s, r) => s + r.staked, 0);
  const houseNet = rows.reduce((s, r) => s + r.houseNet, 0);
  const squares = rows.reduce((s, r) => s + r.houseNetSquares, 0);
  const expectedMsat = rows.reduce((s, r) => s + expectedHouseWinMsat(r.staked, r.level), 0);
  const realised = staked > 0 ? (houseNet / staked) * 100 : null;
  const variance = hands >= 2 ? Math.max(0, (squares - (houseNet * houseNet) / hands) / (hands - 1)) : null;
  const se = realised !== null && variance !== null ? (Math.sqrt(hands * variance) / staked) * 100 : null;
  return {
    hands, staked, houseNet,
    realisedPercent: realised === null ? null : round4(realised),
    standardErrorPercent: se === null ? null : round4(se),
    lowPercent: realised === null || se === null ? null : round4(realised - Z95 * se),
    highPercent: realised === null || se === null ? null : round4(realised + Z95 * se),
    publishedPercent: staked > 0 ? round4((expectedMsat / 1000 / staked) * 100) : null,
  };
}

/** The suspect level bands, each with the hands of the players whose level is in it (every band, empty ones as zeros). */
export function levelBands(rows: readonly SuspectLevelRow[]): AnalyticsLevelBand[] {
  const top = SUSPECT_BANDS[SUSPECT_BANDS.length - 1]!;
  const bandOf = (level: number) => SUSPECT_BANDS.find((b) => level <= b.max) ?? top;
  return SUSPECT_BANDS.map((band) => {
    const mine = rows.filter((r) => bandOf(r.suspectLevel) === band);
    const sum = (f: (r: SuspectLevelRow) => number) => mine.reduce((s, r) => s + f(r), 0);
    const staked = sum((r) => r.staked);
    const houseNet = sum((r) => r.houseNet);
    return { min: band.min, max: band.max, players: sum((r) => r.players), hands: sum((r) => r.hands), staked, houseNet, realisedPercent: percent(houseNet, staked) };
  });
}

/** The daily figures of [from, to] (admins). */
export class GetAnalyticsQuery {
  constructor(readonly actor: Actor, readonly range: AnalyticsQuery) {}
}

@QueryHandler(GetAnalyticsQuery)
export class GetAnalyticsHandler implements IQueryHandler<GetAnalyticsQuery, AnalyticsReport> {
  constructor(private readonly analytics: DailyStatsReadModel) {}

  async execute({ actor, range }: GetAnalyticsQuery): Promise<AnalyticsReport> {
    assertAdmin(actor);
    return analyticsReport(this.analytics, range);
  }
}

async function analyticsReport(analytics: DailyStatsReadModel, range: AnalyticsQuery): Promise<AnalyticsReport> {
  const [rows, activePlayers, sample, suspects, withdrawals] = await Promise.all([
    analytics.days(range.from, range.to), analytics.activePlayers(range.from, range.to), analytics.handSample(range.from, range.to),
    analytics.bySuspectLevel(range.from, range.to), analytics.withdrawalFlows(range.from, range.to),
  ]);
  const detail: AnalyticsDetail = { withdrawals, edge: realisedEdge(sample), levels: levelBands(suspects) };
  const byDate = new Map(rows.map((r) => [r.date, r]));
  const days: AnalyticsDay[] = [];
  for (let t = Date.parse(range.from); t <= Date.parse(range.to); t += DAY_MS) {
    const date = new Date(t).toISOString().slice(0, 10);
    const row = byDate.get(date);
    days.push({ date, ...figures(row ? [row] : [], row?.activePlayers ?? 0) });
  }
  return { from: range.from, to: range.to, days, totals: figures(rows, activePlayers), detail };
}

const DAY_COLUMNS = [
  'date', 'hands', 'activePlayers', 'wagered', 'returned', 'grossGamingRevenue', 'realisedEdgePercent', 'publishedEdgePercent', 'deposits', 'depositCount',
  'withdrawals', 'withdrawalCount', 'withdrawalsRefunded',
] as const satisfies readonly (keyof AnalyticsDay)[];
const EDGE_COLUMNS = ['hands', 'staked', 'houseNet', 'realisedPercent', 'standardErrorPercent', 'lowPercent', 'highPercent', 'publishedPercent'] as const satisfies readonly (keyof AnalyticsEdge)[];
const BAND_COLUMNS = ['min', 'max', 'players', 'hands', 'staked', 'houseNet', 'realisedPercent'] as const satisfies readonly (keyof AnalyticsLevelBand)[];

/**
 * The page's tables as one CSV (CRLF lines): each table is its name on a line, a header of the API's field
 * names, its rows, then an empty line: days, withdrawals, edge, suspect levels.
 */
export function analyticsCsv(report: AnalyticsReport): string {
  const line = (values: readonly (string | number | null)[]) => values.map(csvField).join(',');
  const table = <T>(name: string, columns: readonly (keyof T & string)[], rows: readonly T[]) => [
    name, columns.join(','), ...rows.map((row) => line(columns.map((c) => row[c] as string | number | null))), '',
  ];
  const { withdrawals, edge, levels } = report.detail;
  const flows = (['requested', 'paid', 'declined', 'cancelled'] as const).map((outcome) => ({ outcome, ...withdrawals[outcome] }));
  return [
    ...table('days', DAY_COLUMNS, report.days),
    ...table('withdrawals', ['outcome', 'count', 'sats'], flows),
    ...table('edge', EDGE_COLUMNS, [edge]),
    ...table('suspect levels', BAND_COLUMNS, levels),
  ].join('\r\n');
}

/** The analytics of [from, to] as CSV (admins). */
export class ExportAnalyticsQuery {
  constructor(readonly actor: Actor, readonly range: AnalyticsQuery) {}
}

@QueryHandler(ExportAnalyticsQuery)
export class ExportAnalyticsHandler implements IQueryHandler<ExportAnalyticsQuery, string> {
  constructor(private readonly analytics: DailyStatsReadModel) {}

  async execute({ actor, range }: ExportAnalyticsQuery): Promise<string> {
    assertAdmin(actor);
    return analyticsCsv(await analyticsReport(this.analytics, range));
  }
}
