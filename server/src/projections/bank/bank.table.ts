export interface BanksTable {
  player_id: string;
  bank: number;
  /** Revision of the last account event applied: replays of older events change nothing. */
  revision: number;
}

/** The bank read model's table, by name (composed into `ReadModels` in ../schema.ts). */
export interface BankTables {
  banks: BanksTable;
}
