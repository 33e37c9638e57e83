import { type Kysely, sql } from 'kysely';
import type { AnalyticsWithdrawals } from '@bahati/contracts';
import {
  type DailyStatsRow, DailyStatsReadModel, type HandSampleRow, type SuspectLevelRow,
} from '../../application/ports/read-models/daily-stats';
import type { ReadModels } from '../schema';

/** [start, end) of the UTC days [from, to]. */
const bounds = (from: string, to: string) => [new Date(`${from}T00:00:00.000Z`), new Date(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000)] as const;

/** The daily figures of analytics, and what explains them from the hands, suspect and withdrawals read models. */
export class DailyStatsRepository extends DailyStatsReadModel {
  constructor(private readonly db: Kysely<ReadModels>) {
    super();
  }

  async days(from: string, to: string): Promise<DailyStatsRow[]> {
    const [stats, players] = await Promise.all([
      this.db.selectFrom('daily_stats').selectAll().where('day', '>=', from).where('day', '<=', to).orderBy('day').execute(),
      this.db
        .selectFrom('daily_players')
        .select(['day', (eb) => eb.fn.countAll<number>().as('n')])
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy('day')
        .execute(),
    ]);
    const active = new Map(players.map((p) => [p.day, Number(p.n)]));
    return stats.map((r) => ({
      date: r.day, hands: r.hands, wagered: Number(r.wagered), returned: Number(r.returned), expectedHouseWinMsat: Number(r.expected_house_win_msat),
      deposits: Number(r.deposits), depositCount: r.deposit_count, withdrawals: Number(r.withdrawals), withdrawalCount: r.withdrawal_count,
      withdrawalsRefunded: Number(r.withdrawals_refunded), activePlayers: active.get(r.day) ?? 0,
    }));
  }

  async activePlayers(from: string, to: string): Promise<number> {
    const row = await this.db
      .selectFrom('daily_players')
      .select(sql<number>`count(distinct player_id)`.as('n'))
      .where('day', '>=', from)
      .where('day', '<=', to)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async handSample(from: string, to: string): Promise<HandSampleRow[]> {
    const [start, end] = bounds(from, to);
    // The squares are summed as numeric: a bigint would overflow long before a double loses a figure that matters.
    const { rows } = await sql<{ level: number; hands: string; staked: string; house_net: string; squares: string }>`
      select level, count(*) as hands, coalesce(sum(total_bet), 0) as staked, coalesce(sum(-net), 0) as house_net,
             coalesce(sum(net::numeric * net::numeric), 0) as squares
        from hands
       where net is not null and settled_time >= ${start} and settled_time < ${end}
       group by level
       order by level`.execute(this.db);
    return rows.map((r) => ({ level: Number(r.level), hands: Number(r.hands), staked: Number(r.staked), houseNet: Number(r.house_net), houseNetSquares: Number(r.squares) }));
  }

  async bySuspectLevel(from: string, to: string): Promise<SuspectLevelRow[]> {
    const [start, end] = bounds(from, to);
    const { rows } = await sql<{ suspect_level: number; players: string; hands: string; staked: string; house_net: string }>`
      select coalesce(s.suspect_level, 0) as suspect_level, count(distinct h.player_id) as players, count(*) as hands,
             coalesce(sum(h.total_bet), 0) as staked, coalesce(sum(-h.net), 0) as house_net
        from hands h
        left join suspect_players s on s.player_id = h.player_id
       where h.net is not null and h.settled_time >= ${start} and h.settled_time < ${end}
       group by coalesce(s.suspect_level, 0)
       order by 1`.execute(this.db);
    return rows.map((r) => ({ suspectLevel: Number(r.suspect_level), players: Number(r.players), hands: Number(r.hands), staked: Number(r.staked), houseNet: Number(r.house_net) }));
  }

  async withdrawalFlows(from: string, to: string): Promise<AnalyticsWithdrawals> {
    const [start, end] = bounds(from, to);
    const requested = sql`request_time >= ${start} and request_time < ${end}`;
    const paid = sql`payout = 'Paid' and payout_time >= ${start} and payout_time < ${end}`;
    const declined = sql`status = 'Declined' and decision_time >= ${start} and decision_time < ${end}`;
    const cancelled = sql`status = 'Canceled' and decision_time >= ${start} and decision_time < ${end}`;
    const { rows } = await sql<Record<'rc' | 'rs' | 'pc' | 'ps' | 'dc' | 'ds' | 'cc' | 'cs', string>>`
      select count(*) filter (where ${requested}) as rc, coalesce(sum(amount) filter (where ${requested}), 0) as rs,
             count(*) filter (where ${paid}) as pc, coalesce(sum(amount) filter (where ${paid}), 0) as ps,
             count(*) filter (where ${declined}) as dc, coalesce(sum(amount) filter (where ${declined}), 0) as ds,
             count(*) filter (where ${cancelled}) as cc, coalesce(sum(amount) filter (where ${cancelled}), 0) as cs
        from withdraw_requests
       where request_time < ${end}`.execute(this.db);
    const r = rows[0]!;
    const pair = (count: string, sats: string) => ({ count: Number(count), sats: Number(sats) });
    return { requested: pair(r.rc, r.rs), paid: pair(r.pc, r.ps), declined: pair(r.dc, r.ds), cancelled: pair(r.cc, r.cs) };
  }
}
