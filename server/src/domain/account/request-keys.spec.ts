import { DeciderSpecification } from '../decider.test-support';
import { type AccountCommand, type AccountEvent, accountDecider } from './account';

const standing = { banned: false, selfExcluded: false, phoneVerified: true };
const t0 = '2026-01-01T10:00:00.000Z';
const given = DeciderSpecification.for(accountDecider);
const funded: AccountEvent[] = [
  { type: 'LightningInvoiceCreated', data: { invoiceId: 'i1', amount: 50_000, paymentRequest: 'lnbcrt1', paymentHash: 'h1', createdAt: t0, expiresAt: t0 } },
  { type: 'LightningInvoiceSettled', data: { invoiceId: 'i1', amount: 50_000, settledAt: t0 } },
];
const withdraw = (amount: number, key = { key: 'k1', fingerprint: `withdraw:${amount}`, ref: 'w1' }): AccountCommand => ({
  type: 'RequestWithdrawal', withdrawalId: key.ref, method: 'bitcoin', amount, target: 'bcrt1qexample', standing, minimumBitcoin: 1_000, requestKey: key, now: t0,
});

describe('Idempotency-Keys on the account', () => {
  it('are recorded in the same decision as the request they name, with the bank right after it', () => {
    given(funded).when(withdraw(20_000)).then((events, state) => {
      expect(events.map((e) => e.type)).toEqual(['WithdrawalRequested', 'RequestKeyRecorded']);
      expect(events[1]!.data).toEqual({ key: 'k1', fingerprint: 'withdraw:20000', ref: 'w1', bankAfter: 30_000, recordedAt: t0 });
      expect(state.requestKeys.get('k1')).toEqual({ fingerprint: 'withdraw:20000', ref: 'w1', bankAfter: 30_000 });
    });
  });

  it('decide nothing more for the same request sent again, even after the bank moved', () => {
    const first = given(funded).when(withdraw(20_000)).events();
    const moved: AccountEvent = { type: 'LightningInvoiceCreated', data: { invoiceId: 'i2', amount: 1_000, paymentRequest: 'lnbcrt2', paymentHash: 'h2', createdAt: t0, expiresAt: t0 } };
    given([...funded, ...first, moved]).when(withdraw(20_000)).thenNothingHappened();
  });

  it('refuse the key with another request (IdempotencyKeyReused), whatever that request is', () => {
    const keyed = given([...funded, ...given(funded).when(withdraw(20_000)).events()]);
    keyed.when(withdraw(7_000, { key: 'k1', fingerprint: 'withdraw:7000', ref: 'w1' })).thenThrows('IdempotencyKeyReused');
    const invoice: AccountCommand = {
      type: 'CreateLightningInvoice', invoiceId: 'i9', amount: 5_000, paymentRequest: 'lnbcrt9', paymentHash: 'h9', expiresAt: t0, standing, minimum: 1_000,
      requestKey: { key: 'k1', fingerprint: 'invoice:5000', ref: 'i9' }, now: t0,
    };
    keyed.when(invoice).thenThrows('IdempotencyKeyReused');
  });

  it('bind nothing when the request is refused, so the same key may be sent again once it can succeed', () => {
    given(funded).when(withdraw(60_000)).thenThrows('BankTooLow');
    expect(given(funded).state().requestKeys.size).toBe(0);
  });

  it('record the bank after a redeemed bonus is credited', () => {
    const redeem: AccountCommand = {
      type: 'RedeemBonus', bonusId: 'b1', code: 'WELCOME', amount: 10_000, playthroughTarget: 100_000, minBank: 1, standing,
      requestKey: { key: 'r1', fingerprint: 'redeem:WELCOME', ref: 'b1' }, now: t0,
    };
    given(funded).when(redeem).then((events) =>
      expect(events.at(-1)).toEqual({ type: 'RequestKeyRecorded', data: { key: 'r1', fingerprint: 'redeem:WELCOME', ref: 'b1', bankAfter: 60_000, recordedAt: t0 } }),
    );
  });
});
