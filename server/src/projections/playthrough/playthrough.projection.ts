import type { Transaction } from 'kysely';
import type { BonusEvent } from '../../domain/account/bonus';
import { eachEvent } from '../batch';
import type { Projection } from '../projection';
import type { ReadModels } from '../schema';

const status = (trx: Transaction<ReadModels>, bonusId: string, value: string) =>
  trx.updateTable('bonuses').set({ status: value, expires_at: null }).where('id', '=', bonusId).execute();

/**
 * The playthrough read model: one row per bonus with its status and how much has been wagered toward
 * its target. Every statement sets absolute values, so applying an event again changes nothing.
 */
export const playthroughProjection: Projection = {
  name: 'playthrough',
  version: 1,
  tables: ['bonuses'],
  ...eachEvent<BonusEvent, 'account'>('account', {
    BonusOffered: (trx, d, playerId) =>
      trx
        .insertInto('bonuses')
        .values({
          id: d.bonusId, player_id: playerId, date: d.offeredAt, redeem_code: null, deposit_amount: d.depositAmount, bonus_amount: d.bonusAmount,
          status: 'Offered', playthrough: 0, playthrough_target: d.playthroughTarget, expires_at: d.expiresAt,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute(),
    // A redeemed code is accepted without an offer before it: the row starts here.
    BonusAccepted: (trx, d, playerId) =>
      trx
        .insertInto('bonuses')
        .values({
          id: d.bonusId, player_id: playerId, date: d.acceptedAt, redeem_code: d.redeemCode, deposit_amount: null, bonus_amount: d.amount,
          status: 'Accepted', playthrough: 0, playthrough_target: d.playthroughTarget, expires_at: null,
        })
        .onConflict((oc) => oc.column('id').doUpdateSet({ status: 'Accepted', expires_at: null }).where('bonuses.status', '=', 'Offered'))
        .execute(),
    WagerCounted: (trx, d) => trx.updateTable('bonuses').set({ playthrough: d.playthrough }).where('id', '=', d.bonusId).execute(),
    BonusDeclined: (trx, d) => status(trx, d.bonusId, 'Declined'),
    BonusExpired: (trx, d) => status(trx, d.bonusId, 'Expired'),
    BonusCompleted: (trx, d) => status(trx, d.bonusId, 'Complete'),
    BonusForgiven: (trx, d) => status(trx, d.bonusId, 'Forgiven'),
  }),
};
