import type { MoneyEvent } from '../../domain/account/money';
import { heldKey } from '../../domain/account/money';
import type { Projection } from '../projection';
import { eachEvent } from '../batch';

/**
 * Every deposit held for review (it would have taken a bank past MAX_BANK_SATS) and its outcome: Held →
 * Released (credited), or Refunding → Refunded | RefundFailed (→ Refunding again on a retry).
 */
export const heldDepositsProjection: Projection = {
  name: 'held-deposits',
  version: 1,
  tables: ['held_deposits'],
  ...eachEvent<MoneyEvent, 'account'>('account', {
    DepositHeldForReview: (trx, d, playerId) => {
      const id = d.method === 'bitcoin' ? `${d.txid}:${d.vout}` : d.invoiceId;
      return trx
        .insertInto('held_deposits')
        .values({
          key: heldKey(d.method, id), method: d.method, deposit_id: id, player_id: playerId, amount: d.amount, held_time: d.heldAt, status: 'Held',
          reviewer_id: null, reason: null, target: null, reference: null, failure: null, decided_time: null,
        })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    },
    HeldDepositReleased: (trx, d) =>
      trx
        .updateTable('held_deposits')
        .set({ status: 'Released', reviewer_id: d.reviewerId, reason: d.reason ?? null, decided_time: d.releasedAt })
        .where('key', '=', heldKey(d.method, d.id))
        .execute(),
    HeldDepositRefundRequested: (trx, d) =>
      trx
        .updateTable('held_deposits')
        .set({ status: 'Refunding', reviewer_id: d.reviewerId, reason: d.reason, target: d.target, decided_time: d.requestedAt })
        .where('key', '=', heldKey(d.method, d.id))
        .execute(),
    HeldDepositRefundStarted: (trx, d) =>
      trx.updateTable('held_deposits').set({ status: 'Refunding' }).where('key', '=', heldKey(d.method, d.id)).where('status', '<>', 'Refunded').execute(),
    HeldDepositRefundFailed: (trx, d) =>
      trx.updateTable('held_deposits').set({ status: 'RefundFailed', failure: d.reason }).where('key', '=', heldKey(d.method, d.id)).where('status', '<>', 'Refunded').execute(),
    HeldDepositRefunded: (trx, d) =>
      trx.updateTable('held_deposits').set({ status: 'Refunded', reference: d.reference, failure: null }).where('key', '=', heldKey(d.method, d.id)).execute(),
  }),
};
