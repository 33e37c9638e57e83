import { Inject, Injectable } from '@nestjs/common';
import { NIL_ID, type Player } from '@bahati/contracts';
import { PlayerReadModel } from '../../application/ports/read-models';
import type { Database } from '../db/database';
import { DatabaseToken } from '../../config/tokens';
import type { Kysely } from 'kysely';
import type { ReadModels } from '../../projections/schema';

/** Reads of the players read model. */
@Injectable()
export class PlayersRepository extends PlayerReadModel {
  private readonly db: Kysely<ReadModels>;

  constructor(@Inject(DatabaseToken) database: Database) {
    super();
    this.db = database.kysely as Kysely<ReadModels>;
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
      selfExclude: row.self_exclude,
      verifiedPhoneNumber: row.verified_phone_number,
      photoUrl: row.photo_url,
      isAdmin: isAdmin(row.email),
      animate: row.animate,
    };
  }

  async bank(playerId: string): Promise<number> {
    const row = await this.db.selectFrom('banks').select('bank').where('player_id', '=', playerId).executeTakeFirst();
    return row ? Number(row.bank) : 0;
  }
}
