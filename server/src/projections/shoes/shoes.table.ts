import type { ColumnType } from 'kysely';

export interface ShoesTable {
  id: string;
  player_id: string;
  house_seed_hash: string;
  player_seed: string | null;
  /** Written only when the shoe retires. */
  house_seed: string | null;
  hand_count: number;
  retired: boolean;
  retired_early: boolean;
  created_time: ColumnType<Date, Date | string, never>;
  retired_time: ColumnType<Date | null, Date | string | null, Date | string | null>;
  revision: number;
}

/** The shoes read model's table, by name (composed into `ReadModels` in ../schema.ts). */
export interface ShoesTables {
  shoes: ShoesTable;
}
