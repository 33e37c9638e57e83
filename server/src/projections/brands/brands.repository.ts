import type { AdminBrand } from '@bahati/contracts';
import type { Kysely, Selectable } from 'kysely';
import { BrandReadModel } from '../../application/ports/read-models/brands';
import type { ReadModels } from '../schema';
import type { BrandsTable } from './brands.table';

const brandOf = (r: Selectable<BrandsTable>): AdminBrand => ({
  id: r.id, name: r.name, siteName: r.site_name, colour: r.colour, logoSvg: r.logo_svg, taglineSvg: r.tagline_svg, cardSvg: r.card_svg, chip1Svg: r.chip1_svg,
  chip2Svg: r.chip2_svg, chip3Svg: r.chip3_svg, chip4Svg: r.chip4_svg, tableLargeSvg: r.table_large_svg, tableSmallSvg: r.table_small_svg,
  retired: r.retired_time ? { at: new Date(r.retired_time).toISOString(), by: r.retired_by ?? '', reason: r.retired_reason ?? '' } : null,
});

/** Reads of the brands read model. */
export class BrandsRepository extends BrandReadModel {
  constructor(private readonly db: Kysely<ReadModels>) {
    super();
  }

  async find(id: string): Promise<AdminBrand | null> {
    const row = await this.db.selectFrom('brands').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? brandOf(row) : null;
  }

  async list(): Promise<AdminBrand[]> {
    const rows = await this.db.selectFrom('brands').selectAll().orderBy('created_time').orderBy('id').execute();
    return rows.map(brandOf);
  }
}
