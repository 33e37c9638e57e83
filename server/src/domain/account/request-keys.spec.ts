import { fold } from '../decider';
import { type AccountCommand, type AccountEvent, accountDecider } from './account';

const standing = { banned: false, selfExcluded: false, phoneVerified: true };
const t0 = '2026-01-01T10:00:00.000Z';
const given = (...events: AccountEvent[]) => fold(accountDecider.evolve, accountDecider.initialState(), events);
const funded: AccountEvent[] = [
  { type: 'LightningInvoiceCreated', data: { invoiceId: 'i1', amount: 50_000, paymentRequest: 'lnbcrt1', paymentHash: 'h1', createdAt: t0, expiresAt: t0 } },
  { type: 'LightningInvoiceSettled', data: { invoiceId: 'i1', amount: 50_000, settledAt: t0 } },
];
const withdraw = (amount: number, key = { key: 'k1', fingerprint: `withdraw:${amount}`, ref: 'w1' }): AccountCommand => ({
  type: 'RequestWithdrawal', withdrawalId: key.ref, method: 'bitcoin', amount, target: 'bcrt1qexample', standing, minimumBitcoin: 1_000, requestKey: key, now: t0,
});

describe('Idempotency-Keys on the account', () => {
  it('are recorded in the same decision as the request they name, with the bank right after it', () => {
    const events = accountDecider.decide(withdraw(20_000), given(...funded));
    expect(events.map((e) => e.type)).toEqual(['WithdrawalRequested', 'RequestKeyRecorded']);
    expect(events[1]!.data).toEqual({ key: 'k1', fingerprint: 'withdraw:20000', ref: 'w1', bankAfter: 30_000, recordedAt: t0 });
    expect(given(...funded, ...events).requestKeys.get('k1')).toEqual({ fingerprint: 'withdraw:20000', ref: 'w1', bankAfter: 30_000 });
  });

  it('decide nothing more for the same request sent again, even after the bank moved', () => {
    const first = accountDecider.decide(withdraw(20_000), given(...funded));
    const moved: AccountEvent = { type: 'LightningInvoiceCreated', data: { invoiceId: 'i2', amount: 1_000, paymentRequest: 'lnbcrt2', paymentHash: 'h2', createdAt: t0, expiresAt: t0 } };
    expect(accountDecider.decide(withdraw(20_000), given(...funded, ...first, moved))).toEqual([]);
  });

  it('refuse the key with another request (IdempotencyKeyReused), whatever that request is', () => {
    const state = given(...funded, ...accountDecider.decide(withdraw(20_000), given(...funded)));
    expect(() => accountDecider.decide(withdraw(7_000, { key: 'k1', fingerprint: 'withdraw:7000', ref: 'w1' }), state)).toThrow(
      expect.objectContaining({ code: 'IdempotencyKeyReused' }),
    );
    const invoice: AccountCommand = {
      type: 'CreateLightningInvoice', invoiceId: 'i9', amount: 5_000, paymentRequest: 'lnbcrt9', paymentHash: 'h9', expiresAt: t0, standing, minimum: 1_000,
      requestKey: { key: 'k1', fingerprint: 'invoice:5000', ref: 'i9' }, now: t0,
    };
    expect(() => accountDecider.decide(invoice, state)).toThrow(expect.objectContaining({ code: 'IdempotencyKeyReused' }));
  });

  it('bind nothing when the request is refused, so the same key may be sent again once it can succeed', () => {
    expect(() => accountDecider.decide(withdraw(60_000), given(...funded))).toThrow(expect.objectContaining({ code: 'BankTooLow' }));
    expect(given(...funded).requestKeys.size).toBe(0);
  });

  it('record the bank after a redeemed bonus is credited', () => {
    const redeem: AccountCommand = {
      type: 'RedeemBonus', bonusId: 'b1', code: 'WELCOME', amount: 10_000, playthroughTarget: 100_000, minBank: 1, standing,
      requestKey: { key: 'r1', fingerprint: 'redeem:WELCOME', ref: 'b1' }, now: t0,
    };
    const events = accountDecider.decide(redeem, given(...funded));
    expect(events.at(-1)).toEqual({ type: 'RequestKeyRecorded', data: { key: 'r1', fingerprint: 'redeem:WELCOME', ref: 'b1', bankAfter: 60_000, recordedAt: t0 } });
  });
});
