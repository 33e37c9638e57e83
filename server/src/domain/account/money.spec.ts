import { DeciderSpecification } from '../decider.test-support';
import { type AccountEvent, accountDecider } from './account';
import { ledgerLines } from './ledger';

const standing = { banned: false, selfExcluded: false, phoneVerified: true };
const t0 = '2026-01-01T10:00:00.000Z';
const later = (minutes: number) => new Date(Date.parse(t0) + minutes * 60_000).toISOString();

const given = DeciderSpecification.for(accountDecider);
const funded: AccountEvent[] = [
  { type: 'LightningInvoiceCreated', data: { invoiceId: 'i1', amount: 50_000, paymentRequest: 'lnbcrt1', paymentHash: 'h1', createdAt: t0, expiresAt: later(60) } },
  { type: 'LightningInvoiceSettled', data: { invoiceId: 'i1', amount: 50_000, settledAt: t0 } },
];
const approved: AccountEvent[] = [
  ...funded,
  { type: 'WithdrawalRequested', data: { withdrawalId: 'w1', method: 'bitcoin', amount: 20_000, target: 'bcrt1qexample', requestedAt: t0 } },
  { type: 'WithdrawalApproved', data: { withdrawalId: 'w1', reviewerId: 'admin', decidedAt: t0 } },
];
const approve = (reviewerId: string, now = t0, over: { secondApprovalAbove?: number; heldForReview?: boolean; reason?: string } = {}) =>
  ({ type: 'ApproveWithdrawal' as const, withdrawalId: 'w1', reviewerId, now, secondApprovalAbove: 1_000_000, heldForReview: false, ...over });
const start = (now = t0) => ({ type: 'StartWithdrawalPayout' as const, withdrawalId: 'w1', startedBy: 'admin-1', now, staleAfterMs: 10 * 60_000 });

describe('withdrawals', () => {
  it('take the amount from the bank when requested and give it back when declined', () => {
    const request = { type: 'RequestWithdrawal' as const, withdrawalId: 'w1', method: 'bitcoin' as const, amount: 20_000, target: 'bcrt1qexample', standing, minimumBitcoin: 1_000, now: t0 };
    given(funded).when(request).then((_, afterRequest) => expect(afterRequest.bank).toBe(30_000));
    given(funded).when(request).when({ type: 'DeclineWithdrawal', withdrawalId: 'w1', reviewerId: 'admin', now: t0 }).then((_, declined) => expect(declined.bank).toBe(50_000));
  });

  it('refuse a withdrawal above the bank', () => {
    given(funded)
      .when({ type: 'RequestWithdrawal', withdrawalId: 'w2', method: 'lightning', amount: 50_001, target: 'lnbcrt1', standing, minimumBitcoin: 1_000, now: t0 })
      .thenThrows('BankTooLow');
  });

  it('are paid by whichever approval claims the payout first; a second concurrent claim is refused', () => {
    given(approved).when(start()).then((claimed) => expect(claimed.map((e) => e.type)).toEqual(['WithdrawalPayoutStarted']));
    given(approved).when(start()).when(start(later(1))).thenThrows('Conflict', /under way/);
  });

  it('may be claimed again after a failed payout, or once a claim has gone stale', () => {
    given(approved).when(start())
      .when({ type: 'FailWithdrawalPayout', withdrawalId: 'w1', reason: 'node offline', now: later(1) })
      .when(start(later(2)))
      .then((events) => expect(events).toHaveLength(1));
    given(approved).when(start()).when(start(later(11))).then((events) => expect(events).toHaveLength(1));
  });

  it('may be declined (and refunded) once approved only after a failed payout, with none under way, that the node confirms it never made', () => {
    const decline = (nodeHasNoPayout?: boolean, now = later(3)) => ({ type: 'DeclineWithdrawal' as const, withdrawalId: 'w1', reviewerId: 'admin-2', now, ...(nodeHasNoPayout === undefined ? {} : { nodeHasNoPayout }) });
    const failed = () => given(approved).when(start()).when({ type: 'FailWithdrawalPayout', withdrawalId: 'w1', reason: 'invoice expired', now: later(1) });
    failed().when(decline(true)).then((events, after) => {
      expect(events).toEqual([{ type: 'WithdrawalDeclined', data: { withdrawalId: 'w1', amount: 20_000, reviewerId: 'admin-2', decidedAt: later(3), afterFailedPayout: true } }]);
      expect(after.bank).toBe(50_000);
      expect(after.money.withdrawals.get('w1')?.status).toBe('Declined');
    });
    // Declined, it is never paid: a retry finds nothing to pay.
    failed().when(decline(true)).when(start(later(4))).thenThrows('Conflict', /approved/);
    failed().when(decline(false)).thenThrows('Conflict', /does not confirm/);
    failed().when(decline()).thenThrows('Conflict', /does not confirm/);
    // Approved and not failed, a payout under way, or paid: not declined.
    given(approved).when(decline(true)).thenThrows('Conflict', /only one whose payout failed/);
    failed().when(start(later(2))).when(decline(true)).thenThrows('Conflict');
    failed().when(start(later(2))).when({ type: 'RecordWithdrawalPayout', withdrawalId: 'w1', reference: 'tx1', now: later(2) }).when(decline(true)).thenThrows('Conflict');
  });

  it('are never claimed again once paid', () => {
    given(approved).when(start())
      .when({ type: 'RecordWithdrawalPayout', withdrawalId: 'w1', reference: 'tx1', now: later(1) })
      .when(start(later(30)))
      .thenNothingHappened();
  });
});

describe('a withdrawal under review', () => {
  const requested: AccountEvent[] = [
    ...funded,
    { type: 'WithdrawalRequested', data: { withdrawalId: 'w1', method: 'bitcoin', amount: 20_000, target: 'bcrt1qexample', requestedAt: t0 } },
  ];
  const fourEyes = { secondApprovalAbove: 10_000 };

  it('at or below the four-eyes amount is approved by one admin', () => {
    given(requested).when(approve('admin-1', t0, { secondApprovalAbove: 20_000 })).then([{ type: 'WithdrawalApproved', data: { withdrawalId: 'w1', reviewerId: 'admin-1', decidedAt: t0 } }]);
  });

  it('above it needs a second, different admin: the first approval is recorded and pays nothing', () => {
    given(requested).when(approve('admin-1', t0, fourEyes)).then((events, state) => {
      expect(events).toEqual([{ type: 'WithdrawalFirstApproved', data: { withdrawalId: 'w1', amount: 20_000, reviewerId: 'admin-1', decidedAt: t0 } }]);
      expect(state.money.withdrawals.get('w1')).toMatchObject({ status: 'Created', firstApprovedBy: 'admin-1' });
    });
    // Nothing can be paid on one approval.
    given(requested).when(approve('admin-1', t0, fourEyes)).when(start()).thenThrows('Conflict');
  });

  it('is not approved twice by the same admin', () => {
    given(requested).when(approve('admin-1', t0, fourEyes)).when(approve('admin-1', later(1), fourEyes)).thenNothingHappened();
  });

  it("is approved by another admin's approval, which names the first", () => {
    given(requested)
      .when(approve('admin-1', t0, fourEyes))
      .when(approve('admin-2', later(2), fourEyes))
      .then((events, state) => {
        expect(events).toEqual([{ type: 'WithdrawalApproved', data: { withdrawalId: 'w1', reviewerId: 'admin-2', decidedAt: later(2), firstReviewerId: 'admin-1' } }]);
        expect(state.money.withdrawals.get('w1')?.status).toBe('Approved');
      });
  });

  it('may still be declined after its first approval', () => {
    given(requested)
      .when(approve('admin-1', t0, fourEyes))
      .when({ type: 'DeclineWithdrawal', withdrawalId: 'w1', reviewerId: 'admin-2', reason: 'same wallet as three new accounts', now: later(3) })
      .then((_, state) => expect(state.bank).toBe(50_000));
  });

  it('of a player held for review is approved only with a reason, which is kept', () => {
    given(requested).when(approve('admin-1', t0, { heldForReview: true })).thenThrows('ValidationFailed', /held for review/);
    given(requested).when(approve('admin-1', t0, { heldForReview: true, reason: '  ' })).thenThrows('ValidationFailed');
    given(requested).when(approve('admin-1', t0, { heldForReview: true, reason: 'ok' })).thenThrows('ValidationFailed', /3 to 500/);
    given(requested)
      .when(approve('admin-1', t0, { heldForReview: true, reason: 'Deposits match the wins; called the player' }))
      .then([{ type: 'WithdrawalApproved', data: { withdrawalId: 'w1', reviewerId: 'admin-1', decidedAt: t0, reason: 'Deposits match the wins; called the player' } }]);
  });
});

describe('a withdrawal its player cancels', () => {
  const requested: AccountEvent[] = [
    ...funded,
    { type: 'WithdrawalRequested', data: { withdrawalId: 'w1', method: 'bitcoin', amount: 20_000, target: 'bcrt1qexample', requestedAt: t0 } },
  ];
  const cancel = (withdrawalId = 'w1', over: Partial<typeof standing> = {}) =>
    ({ type: 'CancelWithdrawal' as const, withdrawalId, standing: { ...standing, ...over }, now: later(5) });

  it('is refunded at once while it is still in review: the whole amount back, as a WithdrawRefund', () => {
    given(requested).when(cancel()).then((decided, after) => {
      expect(decided).toEqual([{ type: 'WithdrawalCanceled', data: { withdrawalId: 'w1', amount: 20_000, canceledAt: later(5) } }]);
      expect(after.bank).toBe(50_000);
      expect(after.money.withdrawals.get('w1')?.status).toBe('Canceled');
      expect(ledgerLines(decided[0]!)).toEqual([{ type: 'WithdrawRefund', amount: 20_000, reference: 'w1', handId: null }]);
    });
  });

  it('answers a repeated cancellation as done, recording nothing more', () => {
    given([...requested, { type: 'WithdrawalCanceled', data: { withdrawalId: 'w1', amount: 20_000, canceledAt: t0 } }])
      .when(cancel())
      .then((decided, after) => {
        expect(decided).toEqual([]);
        expect(after.bank).toBe(50_000);
      });
  });

  it('is refused once an admin approved or declined it', () => {
    given([...requested, { type: 'WithdrawalApproved', data: { withdrawalId: 'w1', reviewerId: 'admin', decidedAt: t0 } }]).when(cancel()).thenThrows('WithdrawalNotPending');
    given([...requested, { type: 'WithdrawalDeclined', data: { withdrawalId: 'w1', amount: 20_000, reviewerId: 'admin', decidedAt: t0 } }])
      .when(cancel())
      .thenThrows('WithdrawalNotPending');
  });

  it('is not found on an account that does not hold it (another player\'s request)', () => {
    given(requested).when(cancel('w-of-someone-else')).thenThrows('NotFound');
  });

  it('is refused to a banned player', () => {
    given(requested).when(cancel('w1', { banned: true })).thenThrows('Banned');
  });

  it('stays open to a self-excluded player (their money goes back to their bank)', () => {
    given(requested).when(cancel('w1', { selfExcluded: true })).then((decided) => expect(decided.map((e) => e.type)).toEqual(['WithdrawalCanceled']));
  });

  it('then can be neither approved nor declined, so it is never both refunded and paid', () => {
    const canceled = given([...requested, { type: 'WithdrawalCanceled', data: { withdrawalId: 'w1', amount: 20_000, canceledAt: t0 } }]);
    canceled.when(approve('admin', later(6))).thenThrows('Conflict');
    canceled.when({ type: 'DeclineWithdrawal', withdrawalId: 'w1', reviewerId: 'admin', now: later(6) }).thenThrows('Conflict');
    canceled.when(start(later(6))).thenThrows('Conflict');
  });
});

describe('a withdrawal named by an Idempotency-Key', () => {
  const request = (amount: number, target = 'bcrt1qexample') =>
    ({ type: 'RequestWithdrawal' as const, withdrawalId: 'w1', method: 'bitcoin' as const, amount, target, standing, minimumBitcoin: 1_000, now: t0 });

  it('records nothing more when the same request comes again', () => {
    given(funded).when(request(5_000)).when(request(5_000)).thenNothingHappened();
  });

  it('refuses the key with another amount or another target', () => {
    given(funded).when(request(5_000)).when(request(7_000)).thenThrows('IdempotencyKeyReused');
    given(funded).when(request(5_000)).when(request(5_000, 'bcrt1qother')).thenThrows('IdempotencyKeyReused');
  });
});

describe('deposits beyond the most a bank may hold', () => {
  const maxBank = 100_000;
  const terms = { bonusId: 'b1', maxSats: 0, playthrough: 'deposit100' as const, offerDays: 30 };
  const invoice = (id: string, amount: number): AccountEvent => ({
    type: 'LightningInvoiceCreated', data: { invoiceId: id, amount, paymentRequest: `lnbcrt${id}`, paymentHash: `h${id}`, createdAt: t0, expiresAt: later(60) },
  });
  const settle = (id: string, amountPaid: number) => ({ type: 'SettleLightningInvoice' as const, invoiceId: id, amountPaid, bonus: terms, maxBank, now: t0 });

  it('credit a deposit that brings the bank exactly to the limit', () => {
    given([...funded, invoice('i2', 50_000)]).when(settle('i2', 50_000)).then((events, state) => {
      expect(events.map((e) => e.type)).toContain('LightningInvoiceSettled');
      expect(state.bank).toBe(100_000);
    });
  });

  it('hold for review, uncredited, a Lightning deposit that would pass the limit, and never settle it later', () => {
    const before = [...funded, invoice('i2', 50_001)];
    given(before).when(settle('i2', 50_001)).then((held, after) => {
      expect(held).toEqual([{ type: 'DepositHeldForReview', data: { method: 'lightning', invoiceId: 'i2', amount: 50_001, bank: 50_000, maxBank, heldAt: t0 } }]);
      expect(after.bank).toBe(50_000);
      expect(after.money.invoices.get('i2')?.status).toBe('Held');
    });
    given(before).when(settle('i2', 50_001)).when(settle('i2', 50_001)).thenNothingHappened();
  });

  it('hold an on-chain deposit that would pass the limit, once however often it is seen', () => {
    const address = 'bcrt1qdeposit';
    const assigned: AccountEvent = { type: 'BitcoinAddressAssigned', data: { address, derivationIndex: 0, assignedAt: t0 } };
    const seen = { type: 'RecordBitcoinDeposit' as const, txid: 'tx', vout: 0, address, amount: 60_000, confirmations: 1, requiredConfirmations: 1, bonus: terms, maxBank, now: t0 };
    given([...funded, assigned]).when(seen).then((held, after) => {
      expect(held.map((e) => e.type)).toEqual(['DepositHeldForReview']);
      expect(after.bank).toBe(50_000);
      expect(after.money.deposits.get('tx:0')?.status).toBe('Held');
    });
    given([...funded, assigned]).when(seen).when({ ...seen, confirmations: 6 }).thenNothingHappened();
  });
  it('credit a held deposit once an admin releases it: the review, then the usual credit, in one append; only once', () => {
    const before = [...funded, invoice('i2', 60_000)];
    const held = given(before).when(settle('i2', 60_000));
    const release = {
      type: 'ReleaseHeldDeposit' as const, method: 'lightning' as const, id: 'i2', reviewerId: 'admin', reason: ' Known whale, KYC done ', confirmPastLimit: true, maxBank, bonus: terms, now: later(5),
    };
    held.when(release).then((released, credited) => {
      expect(released).toEqual([
        { type: 'HeldDepositReleased', data: { method: 'lightning', id: 'i2', amount: 60_000, reviewerId: 'admin', releasedAt: later(5), reason: 'Known whale, KYC done' } },
        { type: 'LightningInvoiceSettled', data: { invoiceId: 'i2', amount: 60_000, settledAt: later(5) } },
      ]);
      expect(credited.bank).toBe(110_000);
    });
    held.when(release).when(release).thenNothingHappened();
    expect(() => held.when(release).when({ ...release, id: 'i1' }).events()).not.toThrow();
    held.when(release).when({ ...release, id: 'nope' }).thenThrows('NotFound');
  });

  it('release a held on-chain deposit as the confirmation it was held at, and refuse one that is not held', () => {
    const address = 'bcrt1qdeposit';
    const assigned: AccountEvent = { type: 'BitcoinAddressAssigned', data: { address, derivationIndex: 0, assignedAt: t0 } };
    const seen = { type: 'RecordBitcoinDeposit' as const, txid: 'ab:cd', vout: 2, address, amount: 60_000, confirmations: 3, requiredConfirmations: 1, bonus: terms, maxBank, now: t0 };
    const release = {
      type: 'ReleaseHeldDeposit' as const, method: 'bitcoin' as const, id: 'ab:cd:2', reviewerId: 'admin', reason: 'Checked by phone', confirmPastLimit: true, maxBank, bonus: terms, now: later(5),
    };
    given([...funded, assigned]).when(seen).when(release).then((released) =>
      expect(released[1]).toEqual({
        type: 'BitcoinDepositConfirmed', data: { txid: 'ab:cd', vout: 2, address, amount: 60_000, confirmations: 3, confirmedAt: later(5) },
      }),
    );
    given([...funded, assigned]).when({ ...seen, confirmations: 0 }).when(release).thenThrows('Conflict');
  });

  describe('released or returned by an admin', () => {
    const before = [...funded, invoice('i2', 60_000)];
    const held = () => given(before).when(settle('i2', 60_000));
    const release = (over: { confirmPastLimit?: boolean; reason?: string; maxBank?: number } = {}) => ({
      type: 'ReleaseHeldDeposit' as const, method: 'lightning' as const, id: 'i2', reviewerId: 'admin', reason: 'Known player', confirmPastLimit: true, maxBank, bonus: terms, now: later(5), ...over,
    });
    const refund = (target = 'lnbcrt-back') => ({
      type: 'RequestHeldDepositRefund' as const, method: 'lightning' as const, id: 'i2', target, reviewerId: 'admin', reason: 'Source of funds unclear', now: later(5),
    });
    const start = (now = later(6)) => ({ type: 'StartHeldDepositRefund' as const, method: 'lightning' as const, id: 'i2', startedBy: 'admin', now, staleAfterMs: 10 * 60_000 });
    const paid = { type: 'RecordHeldDepositRefund' as const, method: 'lightning' as const, id: 'i2', reference: 'ref-1', now: later(7) };
    const failed = { type: 'FailHeldDepositRefund' as const, method: 'lightning' as const, id: 'i2', reason: 'no route', now: later(7) };

    it('refuse a release past the limit unless it is confirmed, and one without a reason', () => {
      held().when(release({ confirmPastLimit: false })).thenThrows('PastLimitNotConfirmed', /from 50000 to 110000 sats, past the limit of 100000/);
      held().when(release({ reason: '  ' })).thenThrows('ValidationFailed');
      // Once the bank has room for it (a higher limit now), no confirmation is needed.
      held().when(release({ confirmPastLimit: false, maxBank: 200_000 })).then((events) => expect(events.map((e) => e.type)).toEqual(['HeldDepositReleased', 'LightningInvoiceSettled']));
    });

    it('return a deposit without crediting it: the request, the claim, then the reference', () => {
      held().when(refund()).when(start()).when(paid).then((events, state) => {
        expect(events).toEqual([{ type: 'HeldDepositRefunded', data: { method: 'lightning', id: 'i2', amount: 60_000, reference: 'ref-1', refundedAt: later(7) } }]);
        expect(state.bank).toBe(50_000);
        expect(events.flatMap((e) => ledgerLines(e))).toEqual([]);
      });
      held().when(refund()).then((events) =>
        expect(events).toEqual([
          { type: 'HeldDepositRefundRequested', data: { method: 'lightning', id: 'i2', amount: 60_000, target: 'lnbcrt-back', reviewerId: 'admin', reason: 'Source of funds unclear', requestedAt: later(5) } },
        ]),
      );
      held().when({ ...refund(), reason: 'no' }).thenThrows('ValidationFailed');
    });

    it('never release a deposit being returned, nor return one released', () => {
      held().when(refund()).when(release()).thenThrows('Conflict', /being returned/);
      held().when(refund()).when(start()).when(paid).when(release()).thenThrows('Conflict');
      held().when(release()).when(refund()).thenThrows('Conflict', /credited/);
    });

    it('pay a refund once however often it is asked for: a double click, a second claim, a claim after it is paid', () => {
      held().when(refund()).when(refund()).thenNothingHappened();
      held().when(refund()).when(refund('lnbcrt-elsewhere')).thenThrows('Conflict', /another destination/);
      held().when(refund()).when(start()).when(start(later(7))).thenThrows('Conflict', /under way/);
      held().when(refund()).when(start()).when(paid).when(start(later(30))).thenNothingHappened();
      held().when(refund()).when(start()).when(paid).when(paid).thenNothingHappened();
    });

    it('may retry a failed refund, counting the attempts', () => {
      held().when(refund()).when(start()).when(failed).when(start(later(8))).then((events) =>
        expect(events).toEqual([{ type: 'HeldDepositRefundStarted', data: { method: 'lightning', id: 'i2', startedBy: 'admin', attempt: 2, startedAt: later(8) } }]),
      );
      given(before).when(start()).thenThrows('NotFound');
    });
  });
});

