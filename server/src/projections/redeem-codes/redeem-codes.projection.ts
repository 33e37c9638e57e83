import type { RedeemCodeEvent } from '../../domain/redeem-code/redeem-code';
import { eachEvent } from '../batch';
import type { Projection } from '../projection';

/** The redeem codes admins created, with their uses now (every event carries the count after it). */
export const redeemCodesProjection: Projection = {
  name: 'redeem-codes',
  version: 1,
  tables: ['redeem_codes'],
  ...eachEvent<RedeemCodeEvent, null>(null, {
    RedeemCodeCreated: (trx, d) =>
      trx
        .insertInto('redeem_codes')
        .values({
          code: d.code, bonus_amount: d.bonusAmount, playthrough_target: d.playthroughTarget, max_redemptions: d.maxRedemptions, expires_at: d.expiresAt,
          min_bank: d.minBank, redemptions: 0, created_by: d.createdBy, created_time: d.createdAt,
        })
        .onConflict((oc) => oc.column('code').doNothing())
        .execute(),
    RedeemCodeRedeemed: (trx, d) => trx.updateTable('redeem_codes').set({ redemptions: d.redemptions }).where('code', '=', d.code).execute(),
    RedeemCodeReleased: (trx, d) => trx.updateTable('redeem_codes').set({ redemptions: d.redemptions }).where('code', '=', d.code).execute(),
  }),
};
