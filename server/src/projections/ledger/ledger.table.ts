import { LEDGER_TYPES as LEDGER_TYPE_NAMES } from '@bahati/contracts';
import type { ColumnType } from 'kysely';

/** Ledger entry types and their numbers (spec §4): a type's number is its index in the contracts' list. */
export const LEDGER_TYPES = Object.freeze(Object.fromEntries(LEDGER_TYPE_NAMES.map((type, i) => [type, i]))) as Readonly<
  Record<(typeof LEDGER_TYPE_NAMES)[number], number>
>;

export type LedgerType = keyof typeof LEDGER_TYPES;

export interface LedgerEntriesTable {
  /** `<event id>:<n>`: one event may make several entries; replays insert nothing new. */
  id: string;
  player_id: string;
  type: LedgerType;
  created_time: ColumnType<Date, Date | string, never>;
  hand_id: string | null;
  reference: string | null;
  /** Signed satoshis: credits positive, debits negative. */
  amount: number;
  /** Order within the player's ledger (account stream revision × 16 + entry number). */
  seq: number;
}

/** The ledger read model's table, by name (composed into `ReadModels` in ../schema.ts). */
export interface LedgerTables {
  ledger_entries: LedgerEntriesTable;
}
