import type { ColumnType } from 'kysely';

/** One row per brand: the brand as last saved (its drawings sanitised SVG) and the stream revision it is at. */
export interface BrandsTable {
  id: string;
  name: string;
  site_name: string;
  colour: string;
  logo_svg: string;
  tagline_svg: string;
  card_svg: string;
  chip1_svg: string;
  chip2_svg: string;
  chip3_svg: string;
  chip4_svg: string;
  table_large_svg: string;
  table_small_svg: string;
  created_by: string;
  created_time: ColumnType<Date, Date | string, never>;
  updated_by: string;
  updated_time: ColumnType<Date, Date | string, Date | string>;
  revision: number;
  /** Set once the brand is retired (`BrandRetired`): no longer offered to players. */
  retired_time: ColumnType<Date | null, Date | string | null, Date | string | null>;
  retired_by: string | null;
  retired_reason: string | null;
}

/** The brands read model's table, by name (composed into `ReadModels` in ../schema.ts). */
export interface BrandsTables {
  brands: BrandsTable;
}
