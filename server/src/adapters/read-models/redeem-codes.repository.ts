import { Inject, Injectable } from '@nestjs/common';
import type { RedeemCodeView } from '@bahati/contracts';
import type { Kysely } from 'kysely';
import { RedeemCodeReadModel } from '../../application/ports/read-models';
import { DatabaseToken } from '../../config/tokens';
import type { ReadModels } from '../../projections/schema';
import type { Database } from '../db/database';

/** Reads of the redeem-codes read model. */
@Injectable()
export class RedeemCodesRepository extends RedeemCodeReadModel {
  private readonly db: Kysely<ReadModels>;

  constructor(@Inject(DatabaseToken) database: Database) {
    super();
    this.db = database.kysely as Kysely<ReadModels>;
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
