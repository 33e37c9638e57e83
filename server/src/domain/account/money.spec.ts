import { DomainError, fold } from '../decider';
import { type AccountEvent, accountDecider } from './account';

const standing = { banned: false, selfExcluded: false, phoneVerified: true };
const t0 = '2026-01-01T10:00:00.000Z';
const later = (minutes: number) => new Date(Date.parse(t0) + minutes * 60_000).toISOString();

const given = (...events: AccountEvent[]) => fold(accountDecider.evolve, accountDecider.initialState(), events);
const funded: AccountEvent[] = [
  { type: 'LightningInvoiceCreated', data: { invoiceId: 'i1', amount: 50_000, paymentRequest: 'lnbcrt1', paymentHash: 'h1', createdAt: t0, expiresAt: later(60) } },
  { type: 'LightningInvoiceSettled', data: { invoiceId: 'i1', amount: 50_000, settledAt: t0 } },
];
const approved: AccountEvent[] = [
  ...funded,
  { type: 'WithdrawalRequested', data: { withdrawalId: 'w1', method: 'bitcoin', amount: 20_000, target: 'bcrt1qexample', requestedAt: t0 } },
  { type: 'WithdrawalApproved', data: { withdrawalId: 'w1', reviewerId: 'admin', decidedAt: t0 } },
];
const start = (now = t0) => ({ type: 'StartWithdrawalPayout' as const, withdrawalId: 'w1', now, staleAfterMs: 10 * 60_000 });

describe('withdrawals', () => {
  it('take the amount from the bank when requested and give it back when declined', () => {
    const requested = accountDecider.decide(
      { type: 'RequestWithdrawal', withdrawalId: 'w1', method: 'bitcoin', amount: 20_000, target: 'bcrt1qexample', standing, minimumBitcoin: 1_000, now: t0 },
      given(...funded),
    );
    const afterRequest = given(...funded, ...requested);
    expect(afterRequest.bank).toBe(30_000);
    const declined = accountDecider.decide({ type: 'DeclineWithdrawal', withdrawalId: 'w1', reviewerId: 'admin', now: t0 }, afterRequest);
    expect(given(...funded, ...requested, ...declined).bank).toBe(50_000);
  });

  it('refuse a withdrawal above the bank', () => {
    expect(() =>
      accountDecider.decide(
        { type: 'RequestWithdrawal', withdrawalId: 'w2', method: 'lightning', amount: 50_001, target: 'lnbcrt1', standing, minimumBitcoin: 1_000, now: t0 },
        given(...funded),
      ),
    ).toThrow(expect.objectContaining({ code: 'BankTooLow' }));
  });

  it('are paid by whichever approval claims the payout first; a second concurrent claim is refused', () => {
    const claimed = accountDecider.decide(start(), given(...approved));
    expect(claimed.map((e) => e.type)).toEqual(['WithdrawalPayoutStarted']);
    const second = () => accountDecider.decide(start(later(1)), given(...approved, ...claimed));
    expect(second).toThrow(DomainError);
    expect(second).toThrow(/under way/);
  });

  it('may be claimed again after a failed payout, or once a claim has gone stale', () => {
    const claimed = accountDecider.decide(start(), given(...approved));
    const failed = accountDecider.decide({ type: 'FailWithdrawalPayout', withdrawalId: 'w1', reason: 'node offline', now: later(1) }, given(...approved, ...claimed));
    expect(accountDecider.decide(start(later(2)), given(...approved, ...claimed, ...failed))).toHaveLength(1);
    expect(accountDecider.decide(start(later(11)), given(...approved, ...claimed))).toHaveLength(1);
  });

  it('are never claimed again once paid', () => {
    const claimed = accountDecider.decide(start(), given(...approved));
    const paid = accountDecider.decide({ type: 'RecordWithdrawalPayout', withdrawalId: 'w1', reference: 'tx1', now: later(1) }, given(...approved, ...claimed));
    expect(accountDecider.decide(start(later(30)), given(...approved, ...claimed, ...paid))).toEqual([]);
  });
});
