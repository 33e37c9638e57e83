import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '../ports/event-store';
import type { HeldLedgerRow } from '../ports/read-models';
import type { ReconciliationRun } from '@bahati/contracts';
import type { AppConfig } from '../../config/config';
import { type EventTotals, type Reconciliation, ReconciliationSchedule, compareWithEvents, foldEventTotals, playersToCompare } from './reconciliation';

const ana = '0b9e5c1e-6a55-4c1e-9d1a-1b2c3d4e5f60';
const ben = '1c8f6d2f-7b66-4d2f-8e2b-2c3d4e5f6a71';
const at = '2026-03-01T10:00:00.000Z';

/** Ana's account: a deposit, a lost hand of 1,000 (no credit line), a won hand of 2,000 (its win, 4,000), a limit change that moves nothing. */
function anasEvents(): RecordedEvent[] {
  const events: Omit<RecordedEvent, 'revision' | 'checkpoint' | 'createdAt' | 'streamId' | 'metadata'>[] = [
    { id: 'e0', type: 'LightningInvoiceSettled', data: { invoiceId: 'i1', amount: 50_000, settledAt: at } },
    { id: 'e1', type: 'HandStarted', data: { handId: 'h1', shoeId: 's1', bet: 1_000 } },
    { id: 'e2', type: 'HandSettled', data: { handId: 'h1', insuranceWin: 0, win: 0, push: 0, evenMoney: 0 } },
    { id: 'e3', type: 'HandStarted', data: { handId: 'h2', shoeId: 's1', bet: 2_000 } },
    { id: 'e4', type: 'HandSettled', data: { handId: 'h2', insuranceWin: 0, win: 4_000, push: 0, evenMoney: 0 } },
    { id: 'e5', type: 'LimitsChanged', data: { changes: [], changedAt: at } },
  ];
  return events.map((e, revision) => ({ ...e, streamId: `account-${ana}`, revision, checkpoint: `1:${revision}`, createdAt: at, metadata: { correlationId: 't' } }));
}

const held = (events: RecordedEvent[]): HeldLedgerRow[] =>
  events.flatMap((e) => {
    const line = ({
      e0: { type: 'LightningDeposit', amount: 50_000, reference: 'i1', handId: null },
      e1: { type: 'Bet', amount: -1_000, reference: 's1', handId: 'h1' },
      e3: { type: 'Bet', amount: -2_000, reference: 's1', handId: 'h2' },
      e4: { type: 'Win', amount: 4_000, reference: null, handId: 'h2' },
    } as const)[e.id as 'e0'];
    return line ? [{ id: `${e.id}:0`, createdTime: at, seq: e.revision * 16, ...line }] : [];
  });

describe("a player's totals from the events", () => {
  it('are the sum of the ledger lines, their number, and the revision of the last event that moved the bank', () => {
    const totals = new Map<string, EventTotals>();
    for (const e of anasEvents()) foldEventTotals(totals, e);
    // Another stream's event counts for nobody.
    foldEventTotals(totals, { ...anasEvents()[0]!, streamId: `player-${ben}` });
    expect(totals).toEqual(new Map([[ana, { bank: 51_000, lines: 4, bankRevision: 4 }]]));
  });
});

describe('the players compared row by row', () => {
  const events = new Map<string, EventTotals>([[ana, { bank: 51_000, lines: 4, bankRevision: 4 }]]);

  it('are none when the bank row, its revision, the ledger sum and its row count all agree', () => {
    expect(playersToCompare(events, [{ playerId: ana, bank: 51_000, revision: 4 }], [{ playerId: ana, sum: 51_000, rows: 4 }])).toEqual([]);
  });

  it('are those whose bank row, ledger sum or row count differs, and rows the events know nothing of', () => {
    expect(playersToCompare(events, [{ playerId: ana, bank: 999_999, revision: 4 }], [{ playerId: ana, sum: 51_000, rows: 4 }])).toEqual([ana]);
    expect(playersToCompare(events, [{ playerId: ana, bank: 51_000, revision: 3 }], [{ playerId: ana, sum: 51_000, rows: 4 }])).toEqual([ana]);
    expect(playersToCompare(events, [{ playerId: ana, bank: 51_000, revision: 4 }], [{ playerId: ana, sum: 51_000, rows: 3 }])).toEqual([ana]);
    expect(playersToCompare(events, [], [{ playerId: ana, sum: 51_000, rows: 4 }])).toEqual([ana]);
    expect(playersToCompare(events, [{ playerId: ana, bank: 51_000, revision: 4 }, { playerId: ben, bank: 10, revision: 0 }], [{ playerId: ana, sum: 51_000, rows: 4 }])).toEqual([ben]);
  });
});

describe("a player's rows against the events", () => {
  it('match when the bank row and the ledger rows are what the events give', () => {
    const events = anasEvents();
    const found = compareWithEvents(ana, events, { playerId: ana, bank: 51_000, revision: 4 }, held(events));
    expect(found).toMatchObject({ events: 51_000, bankReadModel: 51_000, ledgerSum: 51_000, matches: true, upToRevision: 5, bankRevision: 4 });
    expect(found.rows.map((r) => r.id)).toEqual(['e0:0', 'e1:0', 'e3:0', 'e4:0']);
  });

  it('name a changed bank row, and a ledger row missing or invented', () => {
    const events = anasEvents();
    const rows = held(events);
    expect(compareWithEvents(ana, events, { playerId: ana, bank: 7, revision: 4 }, rows)).toMatchObject({ bankReadModel: 7, ledgerSum: 51_000, matches: false });
    const lost = compareWithEvents(ana, events, { playerId: ana, bank: 51_000, revision: 4 }, rows.slice(1));
    expect(lost).toMatchObject({ ledgerSum: 1_000, matches: false });
    expect(lost.ledger.missing.map((r) => r.id)).toEqual(['e0:0']);
    const invented = compareWithEvents(ana, events, { playerId: ana, bank: 51_000, revision: 4 }, [...rows, { ...rows[0]!, id: 'bogus:0', amount: 0, seq: 3 }]);
    expect(invented).toMatchObject({ ledgerSum: 51_000, matches: false });
    expect(invented.ledger.extra.map((r) => r.id)).toEqual(['bogus:0']);
  });

  it('leave out rows of events after the last one read (the ledger projection may be writing them)', () => {
    const events = anasEvents().slice(0, 4);
    const found = compareWithEvents(ana, events, { playerId: ana, bank: 47_000, revision: 3 }, held(anasEvents()));
    expect(found).toMatchObject({ events: 47_000, ledgerSum: 47_000, matches: true });
  });

  it('count a missing bank row as 0: a player whose events moved nothing matches', () => {
    expect(compareWithEvents(ben, [], null, [])).toMatchObject({ events: 0, bankReadModel: 0, ledgerSum: 0, matches: true, bankRevision: -1, upToRevision: -1 });
  });
});

describe('the schedule', () => {
  const MINUTE = 60_000;
  const now = Date.parse('2026-03-01T10:00:00.000Z');
  /** A check whose last stored run is `last`, counting the runs it is asked for. */
  function fakeCheck(last: ReconciliationRun | null, fails = false) {
    const calls = { runs: 0 };
    const check = {
      lastRun: async () => last,
      run: async () => {
        calls.runs++;
        if (fails) throw new Error('read models behind');
        return { checkedAt: new Date(now).toISOString(), playersChecked: 1, durationMs: 1, differences: [] };
      },
    } as unknown as Reconciliation;
    return { schedule: new ReconciliationSchedule(check, { reconcileIntervalMinutes: 15 } as AppConfig), calls };
  }
  const ran = (minutesAgo: number): ReconciliationRun => ({ checkedAt: new Date(now - minutesAgo * MINUTE).toISOString(), playersChecked: 1, durationMs: 1, differences: [] });

  it('runs when no run is stored, or the last one is an interval old', async () => {
    for (const last of [null, ran(15), ran(40)]) {
      const { schedule, calls } = fakeCheck(last);
      expect(await schedule.tick(15 * MINUTE, now)).not.toBeNull();
      expect(calls.runs).toBe(1);
    }
  });

  it('skips its turn when another instance stored a run within the interval', async () => {
    const { schedule, calls } = fakeCheck(ran(5));
    expect(await schedule.tick(15 * MINUTE, now)).toBeNull();
    expect(calls.runs).toBe(0);
  });

  it('survives a run that fails (it is logged; the next turn tries again)', async () => {
    const { schedule, calls } = fakeCheck(null, true);
    (schedule as unknown as { logger: { error: () => void } }).logger = { error: () => undefined };
    expect(await schedule.tick(15 * MINUTE, now)).toBeNull();
    expect(calls.runs).toBe(1);
  });
});
