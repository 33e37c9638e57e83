import type { LedgerEntry, LedgerType } from '@bahati/contracts';
import type { LedgerEntryRow } from '../../../domain/account/ledger';

/** The `ledger` read model: a player's ledger lines, and one player's day or one hand as support audits and repairs it. */
export abstract class LedgerReadModel {
  /** Ledger lines of [fromUtc, toUtc), in the order they happened. */
  abstract ledger(playerId: string, fromUtc: Date, toUtc: Date): Promise<LedgerEntry[]>;
  /**
   * A page of the lines of [fromUtc, toUtc), newest first (`offset` skipped, at most `limit`), and per type the
   * sum and count of every line of the range: a day's totals are exact over the whole day, not the page.
   */
  abstract ledgerPage(
    playerId: string, fromUtc: Date, toUtc: Date, page: { offset: number; limit: number },
  ): Promise<{ items: LedgerEntry[]; byType: { type: LedgerType; amount: number; lines: number }[] }>;
  /** The player's ledger rows of [fromUtc, toUtc), and any row of theirs carrying one of `ids` wherever its time is now, in order. */
  abstract rows(playerId: string, fromUtc: Date, toUtc: Date, ids: readonly string[]): Promise<LedgerEntry[]>;
  /** The player's ledger rows naming the hand, and any row of theirs carrying one of `ids`, in order. */
  abstract rowsOfHand(playerId: string, handId: string, ids: readonly string[]): Promise<LedgerEntry[]>;
  /**
   * In one transaction: removes the player's rows of [fromUtc, toUtc) that come from account events up to
   * `upToRevision`, and any row of theirs carrying an id of `rows` or of `remove`, then writes `rows`. Rows
   * of later events (the ledger projection may be writing them meanwhile) are left alone.
   */
  abstract rewrite(playerId: string, fromUtc: Date, toUtc: Date, upToRevision: number, rows: readonly LedgerEntryRow[], remove: readonly string[]): Promise<void>;
}
