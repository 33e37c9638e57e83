import type { Bonus, BonusEndReason, BonusStatus } from '@bahati/contracts';
import type { Kysely } from 'kysely';
import { BonusReadModel } from '../../application/ports/read-models/playthrough';
import type { ReadModels } from '../schema';

/** Reads of the playthrough read model (`bonuses`). */
export class BonusRepository extends BonusReadModel {
  constructor(private readonly db: Kysely<ReadModels>) {
    super();
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
