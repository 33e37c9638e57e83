import { Inject, Injectable } from '@nestjs/common';
import type { AdminPlayer, LedgerEntry, LedgerType, SuspectAction, SuspectReason, SuspectRecordView } from '@bahati/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import { AdminReadModel, AnalyticsReadModel, type DailyStatsRow, LedgerDayStore, type Page, StaffRoleReadModel } from '../../application/ports/read-models';
import type { LedgerEntryRow } from '../../domain/account/ledger';
import type { StaffRole } from '../../domain/staff/staff-roles';
import { DatabaseToken } from '../../config/tokens';
import type { LedgerEntriesTable, ReadModels } from '../../projections/schema';
import type { Database } from '../db/database';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (d: Date | string) => new Date(d).toISOString();

/** `%` and `_` match themselves in a search, not any text. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function kyselyOf(database: Database): Kysely<ReadModels> {
  return database.kysely as Kysely<ReadModels>;
}

/** Players with their statistics, bank and suspect level; suspect records. */
@Injectable()
export class AdminRepository extends AdminReadModel {
  private readonly db: Kysely<ReadModels>;

  constructor(@Inject(DatabaseToken) database: Database) {
    super();
    this.db = kyselyOf(database);
  }

  async players(q: string, offset: number, limit: number): Promise<Page<AdminPlayer>> {
    let query = this.db.selectFrom('players');
    if (q) {
      const like = `%${likeEscaped(q.toLowerCase())}%`;
      query = query.where((eb) => (UUID.test(q) ? eb.or([eb(sql`lower(players.email)`, 'like', like), eb('players.id', '=', q.toLowerCase())]) : eb(sql`lower(players.email)`, 'like', like)));
    }
    const [rows, count] = await Promise.all([
      query
        .leftJoin('player_stats', 'player_stats.player_id', 'players.id')
        .leftJoin('banks', 'banks.player_id', 'players.id')
        .leftJoin('suspect_players', 'suspect_players.player_id', 'players.id')
        .select([
          'players.id', 'players.email', 'players.name', 'players.created_time', 'players.banned', 'players.self_exclude', 'player_stats.hands_played',
          'player_stats.total_bet_amount', 'player_stats.level', 'banks.bank', 'suspect_players.suspect_level',
        ])
        .orderBy('players.created_time', 'desc')
        .orderBy('players.id')
        .offset(offset)
        .limit(limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return {
      total: Number(count?.n ?? 0),
      items: rows.map((r) => ({
        id: r.id, email: r.email, name: r.name, createdTime: iso(r.created_time), banned: r.banned, suspectLevel: r.suspect_level ?? 0,
        handsPlayed: r.hands_played ?? 0, totalBetAmount: Number(r.total_bet_amount ?? 0), level: r.level ?? 0, bank: Number(r.bank ?? 0), selfExclude: r.self_exclude,
      })),
    };
  }

  async findPlayer(idOrEmail: string): Promise<{ id: string; email: string } | null> {
    const key = idOrEmail.trim();
    const row = UUID.test(key)
      ? await this.db.selectFrom('players').select(['id', 'email']).where('id', '=', key.toLowerCase()).executeTakeFirst()
      : await this.db.selectFrom('players').select(['id', 'email']).where(sql`lower(email)`, '=', key.toLowerCase()).orderBy('created_time').executeTakeFirst();
    return row ?? null;
  }

  async suspectLevel(playerId: string): Promise<number> {
    const row = await this.db.selectFrom('suspect_players').select('suspect_level').where('player_id', '=', playerId).executeTakeFirst();
    return row?.suspect_level ?? 0;
  }

  async suspectRecords(playerId: string, offset: number, limit: number): Promise<Page<SuspectRecordView>> {
    const [rows, count] = await Promise.all([
      this.db.selectFrom('suspect_records').selectAll().where('player_id', '=', playerId).orderBy('seq', 'desc').offset(offset).limit(limit).execute(),
      this.db.selectFrom('suspect_records').select((eb) => eb.fn.countAll<number>().as('n')).where('player_id', '=', playerId).executeTakeFirst(),
    ]);
    return {
      total: Number(count?.n ?? 0),
      items: rows.map((r) => ({
        id: r.id, time: iso(r.time), handId: r.hand_id, playerHandValue: r.player_hand_value, dealerHandValue: r.dealer_hand_value,
        expectedAction: r.expected_action as SuspectAction | null, actualAction: r.actual_action as SuspectAction | null, suspectChange: r.suspect_change,
        reason: r.reason as SuspectReason, adminId: r.admin_id,
      })),
    };
  }
}

/** The daily figures of analytics. */
@Injectable()
export class AnalyticsRepository extends AnalyticsReadModel {
  private readonly db: Kysely<ReadModels>;

  constructor(@Inject(DatabaseToken) database: Database) {
    super();
    this.db = kyselyOf(database);
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

/** The roles granted by event. */
@Injectable()
export class StaffRolesRepository extends StaffRoleReadModel {
  private readonly db: Kysely<ReadModels>;

  constructor(@Inject(DatabaseToken) database: Database) {
    super();
    this.db = kyselyOf(database);
  }

  async grants(): Promise<{ email: string; role: StaffRole }[]> {
    return this.db.selectFrom('staff_roles').select(['email', 'role']).where('granted', '=', true).execute();
  }

  async bannedAmong(emails: readonly string[]): Promise<string[]> {
    if (emails.length === 0) return [];
    const rows = await this.db
      .selectFrom('players')
      .select(sql<string>`lower(email)`.as('email'))
      .where('banned', '=', true)
      .where(sql<string>`lower(email)`, 'in', [...emails])
      .execute();
    return rows.map((r) => r.email);
  }
}

const toEntry = (r: Selectable<LedgerEntriesTable>): LedgerEntry => ({
  id: r.id, type: r.type as LedgerType, createdTime: iso(r.created_time), handId: r.hand_id, reference: r.reference, amount: Number(r.amount),
});

/** One player's ledger rows, read for an audit and rewritten for a repair. */
@Injectable()
export class LedgerDayRepository extends LedgerDayStore {
  private readonly db: Kysely<ReadModels>;

  constructor(@Inject(DatabaseToken) database: Database) {
    super();
    this.db = kyselyOf(database);
  }

  async rows(playerId: string, fromUtc: Date, toUtc: Date, ids: readonly string[]): Promise<LedgerEntry[]> {
    const rows = await this.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('player_id', '=', playerId)
      .where((eb) => {
        const inDay = eb.and([eb('created_time', '>=', fromUtc), eb('created_time', '<', toUtc)]);
        return ids.length ? eb.or([inDay, eb('id', 'in', [...ids])]) : inDay;
      })
      .orderBy('created_time')
      .orderBy('seq')
      .execute();
    return rows.map(toEntry);
  }

  async rowsOfHand(playerId: string, handId: string, ids: readonly string[]): Promise<LedgerEntry[]> {
    const rows = await this.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('player_id', '=', playerId)
      .where((eb) => (ids.length ? eb.or([eb('hand_id', '=', handId), eb('id', 'in', [...ids])]) : eb('hand_id', '=', handId)))
      .orderBy('seq')
      .execute();
    return rows.map(toEntry);
  }

  async rewrite(playerId: string, fromUtc: Date, toUtc: Date, upToRevision: number, rows: readonly LedgerEntryRow[], remove: readonly string[]): Promise<void> {
    const ids = [...rows.map((r) => r.id), ...remove];
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('ledger_entries')
        .where('player_id', '=', playerId)
        .where((eb) => {
          const inDay = eb.and([eb('created_time', '>=', fromUtc), eb('created_time', '<', toUtc), eb('seq', '<', (upToRevision + 1) * 16)]);
          return ids.length ? eb.or([inDay, eb('id', 'in', ids)]) : inDay;
        })
        .execute();
      if (rows.length === 0) return;
      await trx
        .insertInto('ledger_entries')
        .values(
          rows.map((r) => ({
            id: r.id, player_id: playerId, type: r.type, created_time: r.createdTime, hand_id: r.handId, reference: r.reference, amount: r.amount, seq: r.seq,
          })),
        )
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    });
  }
}
