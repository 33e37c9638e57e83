import { expect, it } from '@jest/globals';
import { EventLog, alice, describeProjection } from '../projection.test-support';
import { withdrawalsProjection } from './withdrawals.projection';

const t = (minute: number) => `2026-01-01T09:${String(minute).padStart(2, '0')}:00.000Z`;

function history(log: EventLog) {
  const a = log.account(alice);
  return [
    a('WithdrawalRequested', { withdrawalId: 'w1', method: 'lightning', amount: 20_000, target: 'lnbcrt1', requestedAt: t(1) }),
    a('WithdrawalRequested', { withdrawalId: 'w2', method: 'bitcoin', amount: 50_000, target: 'bcrt1qx', requestedAt: t(2) }),
    a('WithdrawalApproved', { withdrawalId: 'w1', reviewerId: 'admin-1', decidedAt: t(3) }),
    a('WithdrawalPayoutStarted', { withdrawalId: 'w1', startedAt: t(3) }),
    a('WithdrawalPaid', { withdrawalId: 'w1', reference: 'payment-hash-1', paidAt: t(4) }),
    a('WithdrawalDeclined', { withdrawalId: 'w2', amount: 50_000, reviewerId: 'admin-2', decidedAt: t(5) }),
    a('WithdrawalRequested', { withdrawalId: 'w3', method: 'bitcoin', amount: 7_000, target: 'bcrt1qy', requestedAt: t(6) }),
    a('WithdrawalCanceled', { withdrawalId: 'w3', amount: 7_000, canceledAt: t(8) }),
  ];
}

describeProjection(withdrawalsProjection, (spec) => {
  it('shows a request as Created, not yet reviewed or paid', async () => {
    await spec.given(history(new EventLog())[0]!).then({
      withdraw_requests: [
        {
          id: 'w1', player_id: alice, amount: 20_000, method: 'lightning', target: 'lnbcrt1', status: 'Created', request_time: new Date(t(1)),
          reviewer_id: null, decision_time: null, reference: null, paid: false, payout: 'None', payout_error: null, payout_time: null,
          first_reviewer_id: null, first_approval_time: null, first_approval_reason: null, decision_reason: null,
        },
      ],
    });
  });

  it('shows the first of two approvals on a request still in review, then the second approving it with its reason', async () => {
    const log = new EventLog();
    const a = log.account(alice);
    const requested = a('WithdrawalRequested', { withdrawalId: 'w9', method: 'bitcoin', amount: 5_000_000, target: 'bcrt1qz', requestedAt: t(1) });
    const first = a('WithdrawalFirstApproved', { withdrawalId: 'w9', amount: 5_000_000, reviewerId: 'admin-1', decidedAt: t(2), reason: 'Known player, long history' });
    await spec.given(requested, first).then({
      withdraw_requests: [
        { id: 'w9', status: 'Created', reviewer_id: null, decision_time: null, first_reviewer_id: 'admin-1', first_approval_time: new Date(t(2)), first_approval_reason: 'Known player, long history' },
      ],
    });
    const second = a('WithdrawalApproved', { withdrawalId: 'w9', reviewerId: 'admin-2', decidedAt: t(5), firstReviewerId: 'admin-1', reason: 'Checked the address history' });
    await spec.given(requested, first, second).then({
      withdraw_requests: [
        { id: 'w9', status: 'Approved', reviewer_id: 'admin-2', decision_time: new Date(t(5)), first_reviewer_id: 'admin-1', decision_reason: 'Checked the address history' },
      ],
    });
  });

  it('keeps the reason a request was declined for', async () => {
    const log = new EventLog();
    const a = log.account(alice);
    await spec
      .given(
        a('WithdrawalRequested', { withdrawalId: 'w8', method: 'bitcoin', amount: 30_000, target: 'bcrt1qz', requestedAt: t(1) }),
        a('WithdrawalDeclined', { withdrawalId: 'w8', amount: 30_000, reviewerId: 'admin-2', decidedAt: t(2), reason: 'Same wallet as three new accounts' }),
      )
      .then({ withdraw_requests: [{ id: 'w8', status: 'Declined', decision_reason: 'Same wallet as three new accounts' }] });
  });

  it('shows an approved withdrawal paid with its reference, and a declined one with its reviewer', async () => {
    await spec.given(...history(new EventLog())).then({
      withdraw_requests: [
        { id: 'w1', status: 'Approved', reviewer_id: 'admin-1', decision_time: new Date(t(3)), paid: true, reference: 'payment-hash-1', payout: 'Paid', payout_time: new Date(t(4)) },
        { id: 'w2', status: 'Declined', reviewer_id: 'admin-2', decision_time: new Date(t(5)), paid: false, reference: null, payout: 'None' },
        { id: 'w3', status: 'Canceled' },
      ],
    });
  });

  it('shows a request its player cancelled as Canceled, with no reviewer, never paid', async () => {
    await spec.given(...history(new EventLog()).slice(6)).then({
      withdraw_requests: [
        {
          id: 'w3', player_id: alice, amount: 7_000, status: 'Canceled', request_time: new Date(t(6)), reviewer_id: null, decision_time: new Date(t(8)),
          reference: null, paid: false, payout: 'None', payout_error: null, payout_time: null,
        },
      ],
    });
  });

  it('shows an approved withdrawal unpaid while the payout is under way', async () => {
    await spec.given(...history(new EventLog()).slice(0, 4)).then({
      withdraw_requests: [{ id: 'w1', status: 'Approved', paid: false, payout: 'Paying', payout_time: new Date(t(3)) }, { id: 'w2', status: 'Created', payout: 'None' }],
    });
  });

  it('shows a failed payout with the node\'s reason, and clears it when a retry pays', async () => {
    const log = new EventLog();
    const a = log.account(alice);
    const [requested, , approved] = history(log);
    const failedOnce = [
      requested!, approved!,
      a('WithdrawalPayoutStarted', { withdrawalId: 'w1', startedAt: t(3) }),
      a('WithdrawalPayoutFailed', { withdrawalId: 'w1', reason: 'no route', failedAt: t(4) }),
    ];
    await spec.given(...failedOnce).then({ withdraw_requests: [{ id: 'w1', paid: false, payout: 'Failed', payout_error: 'no route', payout_time: new Date(t(4)) }] });
    await spec
      .given(...failedOnce, a('WithdrawalPayoutStarted', { withdrawalId: 'w1', startedAt: t(6) }), a('WithdrawalPaid', { withdrawalId: 'w1', reference: 'hash-1', paidAt: t(7) }))
      .then({ withdraw_requests: [{ id: 'w1', paid: true, payout: 'Paid', payout_error: null, reference: 'hash-1', payout_time: new Date(t(7)) }] });
  });

  spec.itIsTheSameWhateverTheBatches(() => history(new EventLog()), (rows) =>
    expect(rows.withdraw_requests!.map((r) => [r.status, r.paid])).toEqual([['Approved', true], ['Declined', false], ['Canceled', false]]),
  );
});
