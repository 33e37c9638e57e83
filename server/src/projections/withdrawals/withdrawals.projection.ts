import type { Transaction } from 'kysely';
import type { MoneyEvent } from '../../domain/account/money';
import type { Projection } from '../projection';
import { eachEvent } from '../batch';
import type { ReadModels } from '../schema';
import type { WithdrawRequestsTable } from './withdrawals.table';

type Decision = Extract<MoneyEvent, { type: 'WithdrawalApproved' | 'WithdrawalDeclined' }>['data'];

function decided(trx: Transaction<ReadModels>, d: Decision, status: WithdrawRequestsTable['status']) {
  return trx
    .updateTable('withdraw_requests')
    .set({ status, reviewer_id: d.reviewerId, decision_time: d.decidedAt, decision_reason: d.reason ?? null })
    .where('id', '=', d.withdrawalId)
    .execute();
}

/** Withdrawal requests, for the player's own list and the admins' list (in review — with a first approval where two are needed —, approved, declined or cancelled). */
export const withdrawalsProjection: Projection = {
  name: 'withdraw-requests',
  version: 3,
  tables: ['withdraw_requests'],
  ...eachEvent<MoneyEvent, 'account'>('account', {
    WithdrawalRequested: (trx, d, playerId) =>
      trx
        .insertInto('withdraw_requests')
        .values({
          id: d.withdrawalId, player_id: playerId, amount: d.amount, method: d.method, target: d.target, status: 'Created',
          request_time: d.requestedAt, reviewer_id: null, decision_time: null, reference: null, payout_error: null, payout_time: null,
          first_reviewer_id: null, first_approval_time: null, first_approval_reason: null, decision_reason: null,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute(),
    WithdrawalFirstApproved: (trx, d) =>
      trx
        .updateTable('withdraw_requests')
        .set({ first_reviewer_id: d.reviewerId, first_approval_time: d.decidedAt, first_approval_reason: d.reason ?? null })
        .where('id', '=', d.withdrawalId)
        .execute(),
    WithdrawalApproved: (trx, d) => decided(trx, d, 'Approved'),
    WithdrawalDeclined: (trx, d) => decided(trx, d, 'Declined'),
    // The player's own decision: no reviewer; the time it was cancelled is the decision time.
    WithdrawalCanceled: (trx, d) =>
      trx.updateTable('withdraw_requests').set({ status: 'Canceled', reviewer_id: null, decision_time: d.canceledAt }).where('id', '=', d.withdrawalId).execute(),
    WithdrawalPayoutStarted: (trx, d) =>
      trx.updateTable('withdraw_requests').set({ payout: 'Paying', payout_error: null, payout_time: d.startedAt }).where('id', '=', d.withdrawalId).where('paid', '=', false).execute(),
    WithdrawalPayoutFailed: (trx, d) =>
      trx.updateTable('withdraw_requests').set({ payout: 'Failed', payout_error: d.reason, payout_time: d.failedAt }).where('id', '=', d.withdrawalId).where('paid', '=', false).execute(),
    WithdrawalPaid: (trx, d) =>
      trx
        .updateTable('withdraw_requests')
        .set({ paid: true, reference: d.reference, payout: 'Paid', payout_error: null, payout_time: d.paidAt })
        .where('id', '=', d.withdrawalId)
        .execute(),
  }),
};
