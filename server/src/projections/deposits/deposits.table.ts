import type { ColumnType } from 'kysely';

export interface BitcoinAddressesTable {
  address: string;
  player_id: string;
  derivation_index: number;
  assigned_time: ColumnType<Date, Date | string, never>;
}

/** One row per deposit output `txid:vout`. */
export interface BitcoinDepositsTable {
  id: string;
  player_id: string;
  txid: string;
  vout: number;
  address: string;
  amount: number;
  status: 'Pending' | 'Deposited' | 'Held' | 'Returned';
  confirmations: number;
  /** When the deposit was first seen. */
  time: ColumnType<Date, Date | string, never>;
  confirmed_time: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

/** The deposits read model's tables, by name (composed into `ReadModels` in ../schema.ts). */
export interface DepositsTables {
  bitcoin_addresses: BitcoinAddressesTable;
  bitcoin_deposits: BitcoinDepositsTable;
}
