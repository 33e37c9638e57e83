import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { AnalyticsDay, AnalyticsQuery, AnalyticsReport } from '@bahati/contracts';
import { type Actor, assertAdmin } from '../actor';
import { DailyStatsReadModel, type DailyStatsRow } from '../ports/read-models';

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

/** The daily figures of [from, to] (admins). */
export class GetAnalyticsQuery {
  constructor(readonly actor: Actor, readonly range: AnalyticsQuery) {}
}

@QueryHandler(GetAnalyticsQuery)
export class GetAnalyticsHandler implements IQueryHandler<GetAnalyticsQuery, AnalyticsReport> {
  constructor(private readonly analytics: DailyStatsReadModel) {}

  async execute({ actor, range }: GetAnalyticsQuery): Promise<AnalyticsReport> {
    assertAdmin(actor);
    const [rows, activePlayers] = await Promise.all([this.analytics.days(range.from, range.to), this.analytics.activePlayers(range.from, range.to)]);
    const byDate = new Map(rows.map((r) => [r.date, r]));
    const days: AnalyticsDay[] = [];
    for (let t = Date.parse(range.from); t <= Date.parse(range.to); t += DAY_MS) {
      const date = new Date(t).toISOString().slice(0, 10);
      const row = byDate.get(date);
      days.push({ date, ...figures(row ? [row] : [], row?.activePlayers ?? 0) });
    }
    return { from: range.from, to: range.to, days, totals: figures(rows, activePlayers) };
  }
}
