import { DomainError, type Decider, type DomainEvent } from '../decider';
import { staffReason } from '../staff/reason';

/** Stream `support-<playerId>`: what support did to a player's read models, and who did it; the notes staff left on the player. */
export const supportStream = (playerId: string) => `support-${playerId}`;

/**
 * A player's ledger rows of one local day were rewritten from the account events up to `upToRevision`:
 * `missing` rows written, `extra` rows removed, `changed` rows corrected (ledger row ids each).
 */
export type LedgerDayRepaired = DomainEvent<
  'LedgerDayRepaired',
  {
    playerId: string;
    date: string;
    tz: string;
    from: string;
    to: string;
    upToRevision: number;
    missing: string[];
    extra: string[];
    changed: string[];
    repairedBy: string;
    repairedAt: string;
    /** Why the repair was made; absent only in stores written before it was asked. */
    reason?: string;
  }
>;

/** The longest reason a rebuild records. */
export const REBUILD_REASON_MAX = 500;

/**
 * A player's bank row and ledger rows were rebuilt from the account events up to `upToRevision`: the bank
 * went `from` → `to`, and the ledger rows `missing` were written, `extra` removed, `changed` corrected (ids).
 */
export type PlayerReadModelsRebuilt = DomainEvent<
  'PlayerReadModelsRebuilt',
  {
    playerId: string;
    upToRevision: number;
    bank: { from: number; to: number };
    ledger: { missing: string[]; extra: string[]; changed: string[] };
    reason: string;
    repairedBy: string;
    repairedAt: string;
  }
>;
/** Staff (an admin or support) left a note on the player: `note` trimmed, 3 to 500 characters. */
export type StaffNoteAdded = DomainEvent<'StaffNoteAdded', { playerId: string; note: string; by: string; at: string }>;
export type SupportEvent = LedgerDayRepaired | PlayerReadModelsRebuilt | StaffNoteAdded;

/** The difference found between the events and the read model; a repair with nothing to fix records nothing. */
export type SupportCommand =
  | ({ type: 'RepairLedgerDay' } & Omit<LedgerDayRepaired['data'], 'repairedAt' | 'reason'> & { reason: string; now: string })
  | ({ type: 'RebuildPlayerReadModels' } & Omit<PlayerReadModelsRebuilt['data'], 'repairedAt'> & { now: string })
  | { type: 'AddStaffNote'; playerId: string; note: string; by: string; now: string };

export interface SupportState {
  readonly ledgerDaysRepaired: number;
  readonly rebuilds: number;
  readonly notes: number;
}

function decideRebuild(command: Extract<SupportCommand, { type: 'RebuildPlayerReadModels' }>): SupportEvent[] {
  const { type: _type, now, ...rebuild } = command;
  if (!rebuild.repairedBy) throw new DomainError('Forbidden', 'A repair names who made it.');
  const reason = staffReason(rebuild.reason);
  const { missing, extra, changed } = rebuild.ledger;
  if (rebuild.bank.from === rebuild.bank.to && missing.length + extra.length + changed.length === 0) return [];
  return [{ type: 'PlayerReadModelsRebuilt', data: { ...rebuild, reason, repairedAt: now } }];
}

export const supportDecider: Decider<SupportCommand, SupportState, SupportEvent> = {
  initialState: () => ({ ledgerDaysRepaired: 0, rebuilds: 0, notes: 0 }),

  decide(command) {
    switch (command.type) {
      case 'RepairLedgerDay': {
        const { type: _type, now, ...repair } = command;
        if (!repair.repairedBy) throw new DomainError('Forbidden', 'A repair names who made it.');
        const reason = staffReason(repair.reason);
        if (repair.missing.length + repair.extra.length + repair.changed.length === 0) return [];
        return [{ type: 'LedgerDayRepaired', data: { ...repair, reason, repairedAt: now } }];
      }
      case 'RebuildPlayerReadModels':
        return decideRebuild(command);
      case 'AddStaffNote': {
        if (!command.by) throw new DomainError('Forbidden', 'A note names who wrote it.');
        const note = staffReason(command.note);
        return [{ type: 'StaffNoteAdded', data: { playerId: command.playerId, note, by: command.by, at: command.now } }];
      }
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'LedgerDayRepaired':
        return { ...state, ledgerDaysRepaired: state.ledgerDaysRepaired + 1 };
      case 'PlayerReadModelsRebuilt':
        return { ...state, rebuilds: state.rebuilds + 1 };
      case 'StaffNoteAdded':
        return { ...state, notes: state.notes + 1 };
      default:
        return state;
    }
  },
};
