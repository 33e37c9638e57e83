import { type AdminPlayer, NIL_ID, type Player } from '@bahati/contracts';
import { type Kysely, sql } from 'kysely';
import type { Page } from '../../application/ports/read-models/page';
import { type PlayerListFilter, PlayerReadModel } from '../../application/ports/read-models/players';
import type { ReadModels } from '../schema';
import { pendingLiftAt, selfExcludedAt } from '../../domain/player/player';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (d: Date | string) => new Date(d).toISOString();

/** The exclusion as it stands at this moment: a requested lift ends it by the passing of time, with no event. */
function selfExclusionNow(selfExcluded: boolean, liftsAt: Date | string | null) {
  const state = { selfExcluded, selfExclusionLiftsAt: liftsAt === null ? null : iso(liftsAt) };
  const now = new Date().toISOString();
  return { selfExclude: selfExcludedAt(state, now), selfExclusionLiftsAt: pendingLiftAt(state, now) };
}

/** `%` and `_` match themselves in a search, not any text. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Reads of the players read model, with the player's statistics, bank and suspect level where a view shows them. */
export class PlayersRepository extends PlayerReadModel {
  constructor(private readonly db: Kysely<ReadModels>) {
    super();
  }

  async findById(id: string, isAdmin: (email: string) => boolean): Promise<Player | null> {
    const row = await this.db
      .selectFrom('players')
      .leftJoin('player_stats', 'player_stats.player_id', 'players.id')
      .leftJoin('suspect_players', 'suspect_players.player_id', 'players.id')
      .selectAll('players')
      .select('suspect_players.suspect_level')
      .select(['player_stats.hands_played', 'player_stats.total_bet_amount', 'player_stats.total_won_amount', 'player_stats.level', 'player_stats.active_hand_id', 'player_stats.shoe_id'])
      .where('players.id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      createdTime: new Date(row.created_time).toISOString(),
      banned: row.banned,
      suspectLevel: row.suspect_level ?? 0,
      handsPlayed: row.hands_played ?? 0,
      totalBetAmount: Number(row.total_bet_amount ?? 0),
      totalWonAmount: Number(row.total_won_amount ?? 0),
      netAmount: Number(row.total_won_amount ?? 0) - Number(row.total_bet_amount ?? 0),
      level: row.level ?? 0,
      activeHandId: row.active_hand_id ?? null,
      shoeId: row.shoe_id ?? NIL_ID,
      ...selfExclusionNow(row.self_exclude, row.self_exclusion_lifts_at),
      verifiedPhoneNumber: row.verified_phone_number,
      photoUrl: row.photo_url,
      isAdmin: isAdmin(row.email),
      animate: row.animate,
    };
  }

  async players(filter: PlayerListFilter, offset: number, limit: number): Promise<Page<AdminPlayer>> {
    const { q } = filter;
    let query = this.db
      .selectFrom('players')
      .leftJoin('player_stats', 'player_stats.player_id', 'players.id')
      .leftJoin('banks', 'banks.player_id', 'players.id')
      .leftJoin('suspect_players', 'suspect_players.player_id', 'players.id')
      .leftJoin('player_activity', 'player_activity.player_id', 'players.id');
    if (q) {
      const like = `%${likeEscaped(q.toLowerCase())}%`;
      query = query.where((eb) => (UUID.test(q) ? eb.or([eb(sql`lower(players.email)`, 'like', like), eb('players.id', '=', q.toLowerCase())]) : eb(sql`lower(players.email)`, 'like', like)));
    }
    if (filter.suspectMin !== undefined && filter.suspectMin > 0) query = query.where(sql<number>`coalesce(suspect_players.suspect_level, 0)`, '>=', filter.suspectMin);
    if (filter.banned !== undefined) query = query.where('players.banned', '=', filter.banned);
    if (filter.activeSince) query = query.where('player_activity.last_active_at', '>=', filter.activeSince);
    if (filter.role) {
      const staffIn = (role: 'admin' | 'support') => {
        const configured = (filter.configuredStaff?.[role] ?? []).map((e) => e.toLowerCase());
        const granted = sql<boolean>`exists (select 1 from staff_roles r where r.email = lower(players.email) and r.role = ${role} and r.granted)`;
        return configured.length > 0 ? sql<boolean>`(lower(players.email) in (${sql.join(configured)}) or ${granted})` : granted;
      };
      // A ban lifts every staff role while it lasts: a banned staff member is a player.
      if (filter.role === 'player') query = query.where(sql<boolean>`(players.banned or not (${staffIn('admin')} or ${staffIn('support')}))`);
      else query = query.where('players.banned', '=', false).where(staffIn(filter.role));
    }
    const desc = (filter.dir ?? 'desc') === 'desc';
    const dir = sql.raw(desc ? 'desc' : 'asc');
    const order = {
      created: sql`players.created_time ${dir}`,
      suspect: sql`coalesce(suspect_players.suspect_level, 0) ${dir}`,
      bank: sql`coalesce(banks.bank, 0) ${dir}`,
      // Players never seen come last, whichever way.
      activity: sql`player_activity.last_active_at ${dir} nulls last`,
    }[filter.sort ?? 'created'];
    const [rows, count] = await Promise.all([
      query
        .select([
          'players.id', 'players.email', 'players.name', 'players.created_time', 'players.banned', 'players.self_exclude', 'players.self_exclusion_lifts_at', 'player_stats.hands_played',
          'player_stats.total_bet_amount', 'player_stats.level', 'banks.bank', 'suspect_players.suspect_level', 'player_activity.last_active_at',
        ])
        .orderBy(order)
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
        handsPlayed: r.hands_played ?? 0, totalBetAmount: Number(r.total_bet_amount ?? 0), level: r.level ?? 0, bank: Number(r.bank ?? 0), selfExclude: selfExclusionNow(r.self_exclude, r.self_exclusion_lifts_at).selfExclude,
        lastActive: r.last_active_at === null ? null : iso(r.last_active_at),
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
}
