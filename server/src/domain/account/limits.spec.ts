import { DeciderSpecification } from '../decider.test-support';
import { type AccountCommand, type AccountEvent, accountDecider } from './account';
import { effectiveLimit, limitUsage } from './limits';
import type { NextShoe } from './game';
import { ALL_BITCOIN_SATS } from './money';

const t0 = '2026-01-01T10:00:00.000Z';
const hours = (n: number) => new Date(Date.parse(t0) + n * 3_600_000).toISOString();
const standing = { banned: false, selfExcluded: false, phoneVerified: true };
const seed = 'AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyA=';
const shoe = (n: number): NextShoe => ({ shoeId: `00000000-0000-4000-8000-00000000000${n}`, houseSeed: '+Yvho1636bx9wZVffymhGK79VZSKV8Yxzqpuz6NZh1s=', houseSeedHash: `hash-${n}` });
const terms = { bonusId: 'b1', maxSats: 0, playthrough: 'deposit100' as const, offerDays: 30 };

const given = DeciderSpecification.for(accountDecider);
const set = (limits: Extract<AccountCommand, { type: 'SetLimits' }>['limits'], now = t0): AccountCommand => ({ type: 'SetLimits', limits, standing, now });
const invoice = (id: string, amount: number, now = t0): AccountCommand => ({
  type: 'CreateLightningInvoice', invoiceId: id, amount, paymentRequest: `ln-${id}`, paymentHash: id, expiresAt: hours(1), standing, minimum: 1_000, now,
});
const settle = (id: string, amount: number, now = t0): AccountCommand => ({ type: 'SettleLightningInvoice', invoiceId: id, amountPaid: amount, bonus: terms, maxBank: ALL_BITCOIN_SATS, now });
const deal = (bet: number, now = t0): AccountCommand => ({ type: 'DealHand', handId: `h-${now}`, bet, playerSeed: seed, randomPlayerSeed: seed, standing, requirePhone: false, next: shoe(2), now });

describe('limits a player sets', () => {
  it('are not changed by a banned player: Banned, nothing recorded', () => {
    given([]).when({ type: 'SetLimits', limits: { dailyLoss: 1_000 }, standing: { ...standing, banned: true }, now: t0 }).thenThrows('Banned');
  });

  it('apply at once when tighter, after 24 hours when looser or removed', () => {
    const state = given([]).when(set({ dailyDeposit: 50_000 })).state();
    expect(effectiveLimit(state.limits.settings.dailyDeposit, t0)).toBe(50_000);
    const lower = given([]).when(set({ dailyDeposit: 50_000 })).when(set({ dailyDeposit: 20_000 }, hours(1))).state();
    expect(effectiveLimit(lower.limits.settings.dailyDeposit, hours(1))).toBe(20_000);
    const raised = given([]).when(set({ dailyDeposit: 50_000 })).when(set({ dailyDeposit: 90_000 }, hours(1))).state();
    expect(raised.limits.settings.dailyDeposit.pending).toEqual({ value: 90_000, effectiveAt: hours(25) });
    expect(effectiveLimit(raised.limits.settings.dailyDeposit, hours(24))).toBe(50_000);
    expect(effectiveLimit(raised.limits.settings.dailyDeposit, hours(25))).toBe(90_000);
    const removed = given([]).when(set({ dailyLoss: 10_000 })).when(set({ dailyLoss: null }, hours(2))).state();
    expect(effectiveLimit(removed.limits.settings.dailyLoss, hours(3))).toBe(10_000);
    expect(effectiveLimit(removed.limits.settings.dailyLoss, hours(26))).toBeNull();
  });

  it('cancel a pending loosening when the old value is asked for again, and record nothing when nothing changes', () => {
    const raised = given([]).when(set({ weeklyLoss: 5_000 })).when(set({ weeklyLoss: 8_000 }, hours(1)));
    expect(raised.state().limits.settings.weeklyLoss.pending).not.toBeNull();
    raised.when(set({ weeklyLoss: 5_000 }, hours(2))).then((_, kept) => expect(kept.limits.settings.weeklyLoss).toEqual({ value: 5_000, pending: null }));
    given([]).when(set({ weeklyLoss: 5_000 })).when(set({ weeklyLoss: 5_000 })).thenNothingHappened();
    given([]).when(set({ dailyDeposit: -1 })).thenThrows('ValidationFailed');
  });

  it('refuse an invoice that would pass a deposit limit within its window', () => {
    const funded = given([]).when(set({ dailyDeposit: 30_000 })).when(invoice('i1', 20_000)).when(settle('i1', 20_000));
    expect(limitUsage(funded.state().limits, t0).dailyDeposit).toBe(20_000);
    funded.when(invoice('i2', 15_000)).thenThrows('LimitReached', 'dailyDeposit limit of 30000 satoshis (20000 used)');
    funded.when(invoice('i2', 10_000)).then((events) => expect(events[0]?.type).toBe('LightningInvoiceCreated'));
    funded.when(invoice('i2', 15_000, hours(25))).then((events) => expect(events[0]?.type).toBe('LightningInvoiceCreated'));
  });

  it('count invoices still open as deposits, so invoices opened side by side cannot pass a deposit limit when paid', () => {
    const opened = given([]).when(set({ dailyDeposit: 10_000 })).when(invoice('i1', 10_000));
    opened.when(invoice('i2', 10_000)).thenThrows('LimitReached', 'dailyDeposit limit of 10000 satoshis (10000 used)');
    opened.when(invoice('i2', 1_000)).thenThrows('LimitReached');
    // Paid, it counts once; expired unpaid (hours(1)), it no longer counts.
    opened.when(settle('i1', 10_000)).when(invoice('i2', 1_000)).thenThrows('LimitReached', '(10000 used)');
    opened.when(invoice('i2', 10_000, hours(2))).then((events) => expect(events[0]?.type).toBe('LightningInvoiceCreated'));
    // No limit set: any number of invoices.
    given([]).when(invoice('i1', 10_000)).when(invoice('i2', 10_000)).then((events) => expect(events[0]?.type).toBe('LightningInvoiceCreated'));
  });

  it('refuse a deal whose stake could take the losses of a window past the loss limit', () => {
    const funded = given([{ type: 'ShoeCommitted', data: { shoeId: shoe(1).shoeId, houseSeed: shoe(1).houseSeed, houseSeedHash: 'hash-1', committedAt: t0 } }])
      .when(invoice('i1', 50_000))
      .when(settle('i1', 50_000))
      .when(set({ dailyLoss: 5_000 }));
    funded.when(deal(6_000)).thenThrows('LimitReached', 'dailyLoss limit of 5000 satoshis (0 used)');
    funded.when(deal(5_000)).then((events) => expect(events.map((e) => e.type)).toContain('HandStarted'));
  });

  it('count the net results of the hands opened within each window', () => {
    const settledAt = (n: number, net: number): AccountEvent[] => [
      { type: 'HandOpened', data: { handId: `h${n}`, shoeId: 's', handNumber: 1, openedAt: hours(n) } },
      { type: 'HandSettled', data: { net } } as unknown as AccountEvent,
    ];
    const state = given([...settledAt(0, -3_000), ...settledAt(30, 1_000), ...settledAt(40, -2_500)]).state();
    expect(limitUsage(state.limits, hours(41))).toMatchObject({ dailyLoss: 1_500, weeklyLoss: 4_500, monthlyLoss: 4_500 });
    expect(limitUsage(state.limits, hours(24 * 8))).toMatchObject({ dailyLoss: 0, weeklyLoss: 1_500, monthlyLoss: 4_500 });
  });

  it('keep the deposits and results of the last 30 days in time order, whatever order they were credited in', () => {
    const confirmed = (txid: string, amount: number, at: string) =>
      ({ type: 'BitcoinDepositConfirmed', data: { txid, vout: 0, address: 'a', amount, confirmations: 1, confirmedAt: at } }) as AccountEvent;
    const state = given([confirmed('a', 1_000, hours(0)), confirmed('b', 2_000, hours(24 * 31)), confirmed('c', 3_000, hours(24 * 30)), confirmed('d', 4_000, hours(24 * 31 - 1))]).state();
    // The deposit of hour 0 is more than 30 days older than the newest and is gone; the rest in time order.
    expect(state.limits.deposits.map(([, amount]) => amount)).toEqual([3_000, 4_000, 2_000]);
    expect(limitUsage(state.limits, hours(24 * 31))).toMatchObject({ dailyDeposit: 6_000, monthlyDeposit: 9_000 });
    const late = given([confirmed('b', 2_000, hours(24 * 31)), confirmed('old', 5_000, hours(0))]).state();
    expect(late.limits.deposits.map(([, amount]) => amount)).toEqual([2_000]);
  });
});
