import { Inject, Injectable } from '@nestjs/common';
import type { Bonus, BonusEndReason, BonusStatus } from '@bahati/contracts';
import type { Kysely } from 'kysely';
import { BonusReadModel } from '../../application/ports/read-models';
import { DatabaseToken } from '../../config/tokens';
import type { ReadModels } from '../../projections/schema';
import type { Database } from '../db/database';

/** Reads of the playthrough read model (`bonuses`). */
@Injectable()
export class BonusRepository extends BonusReadModel {
  private readonly db: Kysely<ReadModels>;

  constructor(@Inject(DatabaseToken) database: Database) {
    super();
    this.db = database.kysely as Kysely<ReadModels>;
  }

  async bonusesOf(playerId: string): Promise<Bonus[]> {
    const rows = await this.db.selectFrom('bonuses').selectAll().where('player_id', '=', playerId).orderBy('date', 'desc').orderBy('id').execute();
    return rows.map((r) => ({
      id: r.id,
      date: new Date(r.date).toISOString(),
      redeemCode: r.redeem_code,
      bonusAmount: Number(r.bonus_amount),
      status: r.status as BonusStatus,
      playthrough: Number(r.playthrough),
      playthroughTarget: Number(r.playthrough_target),
      expiresAt: r.expires_at === null ? null : new Date(r.expires_at).toISOString(),
      endedBy: r.ended_by as BonusEndReason | null,
      endedAt: r.ended_at === null ? null : new Date(r.ended_at).toISOString(),
    }));
  }

  async playersWithExpiredOffers(now: Date, limit = 500): Promise<string[]> {
    const rows = await this.db
      .selectFrom('bonuses')
      .select('player_id')
      .distinct()
      .where('status', '=', 'Offered')
      .where('expires_at', '<=', now)
      .limit(limit)
      .execute();
    return rows.map((r) => r.player_id);
  }
}
