import type { RedeemCodeView } from '@bahati/contracts';
import type { Kysely } from 'kysely';
import { RedeemCodeReadModel } from '../../application/ports/read-models/redeem-codes';
import type { ReadModels } from '../schema';

/** Reads of the redeem-codes read model. */
export class RedeemCodesRepository extends RedeemCodeReadModel {
  constructor(private readonly db: Kysely<ReadModels>) {
    super();
  }

  async list(): Promise<RedeemCodeView[]> {
    const rows = await this.db.selectFrom('redeem_codes').selectAll().orderBy('created_time', 'desc').orderBy('code').execute();
    return rows.map((r) => ({
      code: r.code,
      bonusAmount: Number(r.bonus_amount),
      playthroughTarget: Number(r.playthrough_target),
      maxRedemptions: r.max_redemptions,
      expiresAt: r.expires_at === null ? null : new Date(r.expires_at).toISOString(),
      minBank: Number(r.min_bank),
      redemptions: r.redemptions,
      createdTime: new Date(r.created_time).toISOString(),
    }));
  }
}
