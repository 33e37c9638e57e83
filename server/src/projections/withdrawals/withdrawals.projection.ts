import type { RecordedEvent } from '../../application/ports/event-store';
import type { MoneyEvent } from '../../domain/account/money';
import type { Projection } from '../projection';

const ACCOUNT = /^account-(.+)$/;
type Data<T extends MoneyEvent['type']> = Extract<MoneyEvent, { type: T }>['data'];

/** Withdrawal requests, for the player's own list and the admins' list. */
export const withdrawalsProjection: Projection = {
  name: 'withdraw-requests',
  version: 1,
  handles: ['WithdrawalRequested', 'WithdrawalApproved', 'WithdrawalDeclined', 'WithdrawalPaid'],
  tables: ['withdraw_requests'],
  async apply(trx, event: RecordedEvent) {
    const playerId = ACCOUNT.exec(event.streamId)?.[1];
    if (!playerId) return;
    switch (event.type) {
      case 'WithdrawalRequested': {
        const d = event.data as Data<'WithdrawalRequested'>;
        await trx
          .insertInto('withdraw_requests')
          .values({
            id: d.withdrawalId, player_id: playerId, amount: d.amount, method: d.method, target: d.target, status: 'Created',
            request_time: d.requestedAt, reviewer_id: null, decision_time: null, reference: null,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        return;
      }
      case 'WithdrawalApproved':
      case 'WithdrawalDeclined': {
        const d = event.data as Data<'WithdrawalApproved'>;
        await trx
          .updateTable('withdraw_requests')
          .set({ status: event.type === 'WithdrawalApproved' ? 'Approved' : 'Declined', reviewer_id: d.reviewerId, decision_time: d.decidedAt })
          .where('id', '=', d.withdrawalId)
          .execute();
        return;
      }
      case 'WithdrawalPaid': {
        const d = event.data as Data<'WithdrawalPaid'>;
        await trx.updateTable('withdraw_requests').set({ paid: true, reference: d.reference }).where('id', '=', d.withdrawalId).execute();
        return;
      }
    }
  },
};
