import { type Kysely, sql } from 'kysely';
import { type DailyStatsRow, DailyStatsReadModel } from '../../application/ports/read-models/daily-stats';
import type { ReadModels } from '../schema';

/** The daily figures of analytics. */
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
}
