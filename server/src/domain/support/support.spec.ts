import { describe, it } from '@jest/globals';
import { DeciderSpecification } from '../decider.test-support';
import { supportDecider, type SupportCommand } from './support';

const now = '2026-03-01T12:00:00.000Z';
type RepairLedgerDay = Extract<SupportCommand, { type: 'RepairLedgerDay' }>;
const repair = (difference: Partial<Pick<RepairLedgerDay, 'missing' | 'extra' | 'changed'>>): SupportCommand => ({
  type: 'RepairLedgerDay', playerId: 'p1', date: '2026-03-01', tz: '+03:00', from: '2026-02-28T21:00:00.000Z', to: '2026-03-01T21:00:00.000Z', upToRevision: 41,
  missing: [], extra: [], changed: [], repairedBy: 'support-1', reason: 'Row edited by hand in the database', now, ...difference,
});

const given = DeciderSpecification.for(supportDecider);

describe('ledger day repairs', () => {
  it('records who repaired which rows of which day', () => {
    given([]).when(repair({ missing: ['e1:0'], changed: ['e2:0'], extra: ['bogus'] })).then([
      {
        type: 'LedgerDayRepaired',
        data: {
          playerId: 'p1', date: '2026-03-01', tz: '+03:00', from: '2026-02-28T21:00:00.000Z', to: '2026-03-01T21:00:00.000Z', upToRevision: 41,
          missing: ['e1:0'], extra: ['bogus'], changed: ['e2:0'], repairedBy: 'support-1', reason: 'Row edited by hand in the database', repairedAt: now,
        },
      },
    ]);
  });

  it('needs a reason', () => {
    given([]).when({ ...(repair({ missing: ['e1:0'] }) as RepairLedgerDay), reason: ' ' }).thenThrows('ValidationFailed');
  });

  it('records nothing for a day that already matches', () => {
    given([]).when(repair({})).thenNothingHappened();
  });
});

describe("rebuilding a player's read models from the events", () => {
  const rebuild = (over: Partial<Extract<SupportCommand, { type: 'RebuildPlayerReadModels' }>> = {}): SupportCommand => ({
    type: 'RebuildPlayerReadModels', playerId: 'p1', upToRevision: 12, bank: { from: 99_999, to: 4_000 }, ledger: { missing: ['e1:0'], extra: [], changed: [] },
    reason: '  bank row edited by hand  ', repairedBy: 'admin-1', now, ...over,
  });

  it('records who rebuilt what, from which bank to which, and why (the reason trimmed)', () => {
    given([]).when(rebuild()).then([
      {
        type: 'PlayerReadModelsRebuilt',
        data: {
          playerId: 'p1', upToRevision: 12, bank: { from: 99_999, to: 4_000 }, ledger: { missing: ['e1:0'], extra: [], changed: [] },
          reason: 'bank row edited by hand', repairedBy: 'admin-1', repairedAt: now,
        },
      },
    ]);
  });

  it('refuses a rebuild without a reason, or with one over 500 characters', () => {
    given([]).when(rebuild({ reason: '   ' })).thenThrows('ValidationFailed');
    given([]).when(rebuild({ reason: 'x'.repeat(501) })).thenThrows('ValidationFailed');
  });

  it('records nothing when the bank and the ledger already agree with the events', () => {
    given([]).when(rebuild({ bank: { from: 4_000, to: 4_000 }, ledger: { missing: [], extra: [], changed: [] } })).thenNothingHappened();
  });
});

describe('staff notes on a player', () => {
  const note = (text: string, by = 'support-1'): SupportCommand => ({ type: 'AddStaffNote', playerId: 'p1', note: text, by, now });

  it('records the note trimmed, who wrote it and when', () => {
    given([]).when(note('  Called about a late deposit; told them to wait for 3 confirmations.  ')).then([
      { type: 'StaffNoteAdded', data: { playerId: 'p1', note: 'Called about a late deposit; told them to wait for 3 confirmations.', by: 'support-1', at: now } },
    ]);
  });

  it('records every note, the same words twice included', () => {
    given([{ type: 'StaffNoteAdded', data: { playerId: 'p1', note: 'Asked for ID', by: 'admin-1', at: now } }])
      .when(note('Asked for ID', 'admin-1'))
      .then([{ type: 'StaffNoteAdded', data: { playerId: 'p1', note: 'Asked for ID', by: 'admin-1', at: now } }]);
  });

  it('refuses a note under 3 or over 500 characters, and one naming nobody', () => {
    given([]).when(note(' ok ')).thenThrows('ValidationFailed');
    given([]).when(note('x'.repeat(501))).thenThrows('ValidationFailed');
    given([]).when(note('A real note', '')).thenThrows('Forbidden');
  });
});
