import type { LedgerEntry, ReconciliationRun } from '@bahati/contracts';
import type { LedgerEntryRow } from '../../../domain/account/ledger';

/** A player's row of the bank read model. */
export interface BankRow {
  playerId: string;
  bank: number;
  /** The account revision of the last bank event the projection applied. */
  revision: number;
}

/** A player's ledger rows summed: their amount and how many. */
export interface LedgerTotal {
  playerId: string;
  sum: number;
  rows: number;
}

/** A ledger row as the read model holds it, with its order key. */
export type HeldLedgerRow = LedgerEntry & { seq: number };

/**
 * What the reconciliation check reads of the bank and ledger read models (one grouped query each), the
 * one player's rows it compares and rebuilds, and the runs it keeps (`reconciliation_runs`,
 * `reconciliation_differences`: written by the check, not by a projection).
 */
export abstract class ReconciliationReadModel {
  /** How many players are registered. */
  abstract playerCount(): Promise<number>;
  /** E-mail and name of these players. */
  abstract playersByIds(ids: readonly string[]): Promise<{ id: string; email: string; name: string | null }[]>;
  /** Every bank row. */
  abstract banks(): Promise<BankRow[]>;
  /** Every player's ledger rows summed, in one grouped query. */
  abstract ledgerTotals(): Promise<LedgerTotal[]>;
  /** One player's bank row (null: none). */
  abstract bankRow(playerId: string): Promise<BankRow | null>;
  /** One player's ledger rows, in order. */
  abstract ledgerRows(playerId: string): Promise<HeldLedgerRow[]>;
  /**
   * In one transaction, unless the bank row has moved past `upToRevision` (answers false, nothing written):
   * sets the bank to `bank` at `bankRevision` (removes the row when no event moved the bank: `bankRevision`
   * −1), removes the player's ledger rows of events up to `upToRevision` and those of `remove`, and writes `rows`.
   */
  abstract rebuild(playerId: string, upToRevision: number, bank: { bank: number; bankRevision: number }, rows: readonly LedgerEntryRow[], remove: readonly string[]): Promise<boolean>;
  /** Stores a run as the last one (older runs beyond the few kept are dropped). */
  abstract saveRun(run: ReconciliationRun): Promise<void>;
  /** The newest run stored, with the differences still open. */
  abstract lastRun(): Promise<ReconciliationRun | null>;
  /** Takes the player off the last run's differences (they were repaired). */
  abstract resolve(playerId: string): Promise<void>;
}

