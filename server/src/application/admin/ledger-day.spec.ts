import { describe, expect, it } from '@jest/globals';
import type { LedgerEntry } from '@bahati/contracts';
import { compareLedgerDay, ledgerDayRange } from './ledger-day';

const line = (id: string, over: Partial<LedgerEntry> = {}): LedgerEntry => ({ id, type: 'Bet', createdTime: '2026-03-01T10:00:00.000Z', handId: 'h1', reference: null, amount: -1000, ...over });

describe('a ledger day', () => {
  it('is the local calendar day at the offset, as a UTC range', () => {
    expect(ledgerDayRange('2026-03-01', '+03:00')).toEqual({ from: new Date('2026-02-28T21:00:00.000Z'), to: new Date('2026-03-01T21:00:00.000Z') });
    expect(ledgerDayRange('2026-03-01', '-05:30')).toEqual({ from: new Date('2026-03-01T05:30:00.000Z'), to: new Date('2026-03-02T05:30:00.000Z') });
    expect(ledgerDayRange('2026-03-01', '+00:00').from.toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });

  it('finds rows missing, extra and changed; a row moved to another day is changed, not extra', () => {
    const events = [line('a:0'), line('b:0', { type: 'Win', amount: 2000 }), line('c:0')];
    const model = [line('a:0'), line('b:0', { type: 'Win', amount: 20_000 }), line('x:0', { amount: 5 }), line('d:0', { createdTime: '2026-03-01T11:00:00.000Z' })];
    const elsewhere = new Map([['d:0', line('d:0', { createdTime: '2026-03-02T11:00:00.000Z' })]]);
    const diff = compareLedgerDay(events, model, elsewhere);
    expect(diff.missing.map((r) => r.id)).toEqual(['c:0']);
    expect(diff.extra.map((r) => r.id)).toEqual(['x:0']);
    expect(diff.changed.map((c) => [c.id, c.fields])).toEqual([['b:0', ['amount']], ['d:0', ['createdTime']]]);
  });

  it('finds nothing when both hold the same rows, whatever the time notation', () => {
    expect(compareLedgerDay([line('a:0')], [line('a:0', { createdTime: '2026-03-01T10:00:00Z' })], new Map())).toEqual({ missing: [], extra: [], changed: [] });
  });
});
