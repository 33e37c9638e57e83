import { expect, it } from '@jest/globals';
import { EventLog, alice, bob, describeProjection } from '../projection.test-support';
import { heldDepositsProjection } from './held-deposits.projection';

const t = (minute: number) => `2026-01-01T09:${String(minute).padStart(2, '0')}:00.000Z`;

/** Three deposits held: Alice's invoice is released, her output refunded after a failed try, Bob's invoice still held. */
function history(log: EventLog) {
  const a = log.account(alice);
  const b = log.account(bob);
  return [
    a('DepositHeldForReview', { method: 'lightning', invoiceId: 'inv-1', amount: 30_000, bank: 90_000, maxBank: 100_000, heldAt: t(1) }),
    a('DepositHeldForReview', { method: 'bitcoin', txid: 'tx1', vout: 0, address: 'bcrt1qalice', amount: 50_000, confirmations: 1, bank: 90_000, maxBank: 100_000, heldAt: t(2) }),
    b('DepositHeldForReview', { method: 'lightning', invoiceId: 'inv-2', amount: 20_000, bank: 95_000, maxBank: 100_000, heldAt: t(3) }),
    a('HeldDepositReleased', { method: 'lightning', id: 'inv-1', amount: 30_000, reviewerId: 'boss', releasedAt: t(4), reason: 'Known player' }),
    a('LightningInvoiceSettled', { invoiceId: 'inv-1', amount: 30_000, settledAt: t(4) }),
    a('HeldDepositRefundRequested', { method: 'bitcoin', id: 'tx1:0', amount: 50_000, target: 'bcrt1qback', reviewerId: 'boss', reason: 'Unclear source', requestedAt: t(5) }),
    a('HeldDepositRefundStarted', { method: 'bitcoin', id: 'tx1:0', startedBy: 'boss', attempt: 1, startedAt: t(5) }),
    a('HeldDepositRefundFailed', { method: 'bitcoin', id: 'tx1:0', reason: 'wallet locked', failedAt: t(6) }),
  ];
}

describeProjection(heldDepositsProjection, (spec) => {
  it('lists each held deposit once, Held, with its player, amount and when', async () => {
    const log = new EventLog();
    const [first, second, third] = history(log);
    await spec.given(first!, second!).when(third!, second!).then({
      held_deposits: [
        { key: 'lightning:inv-1', method: 'lightning', deposit_id: 'inv-1', player_id: alice, amount: 30_000, held_time: new Date(t(1)), status: 'Held', reason: null, decided_time: null },
        { key: 'bitcoin:tx1:0', method: 'bitcoin', deposit_id: 'tx1:0', player_id: alice, amount: 50_000, held_time: new Date(t(2)), status: 'Held' },
        { key: 'lightning:inv-2', player_id: bob, amount: 20_000, status: 'Held' },
      ],
    });
  });

  it('keeps the outcome: released with its reason, a refund failed with why', async () => {
    await spec.given(...history(new EventLog())).then({
      held_deposits: [
        { deposit_id: 'inv-1', status: 'Released', reviewer_id: 'boss', reason: 'Known player', decided_time: new Date(t(4)) },
        { deposit_id: 'tx1:0', status: 'RefundFailed', reason: 'Unclear source', target: 'bcrt1qback', failure: 'wallet locked', reference: null, decided_time: new Date(t(5)) },
        { deposit_id: 'inv-2', status: 'Held' },
      ],
    });
  });

  it('shows a retried refund under way, then refunded with its reference', async () => {
    const log = new EventLog();
    const a = log.account(alice);
    const retried = a('HeldDepositRefundStarted', { method: 'bitcoin', id: 'tx1:0', startedBy: 'boss', attempt: 2, startedAt: t(7) });
    await spec.given(...history(log)).when(retried).then({ held_deposits: [{ status: 'Released' }, { deposit_id: 'tx1:0', status: 'Refunding', failure: 'wallet locked' }, { status: 'Held' }] });
    await spec
      .given(a('HeldDepositRefunded', { method: 'bitcoin', id: 'tx1:0', amount: 50_000, reference: 'txback', refundedAt: t(8) }))
      .then({ held_deposits: [{ status: 'Released' }, { deposit_id: 'tx1:0', status: 'Refunded', reference: 'txback', failure: null, decided_time: new Date(t(5)) }, { status: 'Held' }] });
  });

  spec.itIsTheSameWhateverTheBatches(
    () => history(new EventLog()),
    (rows) => expect(rows.held_deposits!.map((r) => r.status)).toEqual(['Released', 'RefundFailed', 'Held']),
  );
});
