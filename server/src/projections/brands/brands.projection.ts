import type { Brand } from '@bahati/contracts';
import { type Insertable, sql } from 'kysely';
import type { BrandEvent } from '../../domain/brand/brand';
import { streamOwner } from '../../domain/streams';
import { domainEvent, type Projection } from '../projection';
import type { BrandsTable } from './brands.table';

type BrandColumns = Pick<
  BrandsTable,
  'name' | 'site_name' | 'colour' | 'logo_svg' | 'tagline_svg' | 'card_svg' | 'chip1_svg' | 'chip2_svg' | 'chip3_svg' | 'chip4_svg' | 'table_large_svg' | 'table_small_svg'
>;

const columnsOf = (b: Brand): BrandColumns => ({
  name: b.name, site_name: b.siteName, colour: b.colour, logo_svg: b.logoSvg, tagline_svg: b.taglineSvg, card_svg: b.cardSvg, chip1_svg: b.chip1Svg,
  chip2_svg: b.chip2Svg, chip3_svg: b.chip3Svg, chip4_svg: b.chip4Svg, table_large_svg: b.tableLargeSvg, table_small_svg: b.tableSmallSvg,
});

/** What a batch leaves of one brand: the newest event's brand, and who created it when the batch holds its creation. */
interface Latest {
  brand: Brand;
  updatedBy: string;
  updatedAt: string;
  revision: number;
  created?: { by: string; at: string };
}

/**
 * The brands (`brand-<id>` streams), one row each. Every event carries the whole brand, so a batch writes
 * each brand once, from its newest event; a row is only replaced by a newer stream revision, so a batch
 * applied again changes nothing. A retired brand keeps when, by whom and why (`retired_*`), whatever is saved after.
 */
export const brandsProjection: Projection = {
  name: 'brands',
  version: 1,
  tables: ['brands'],
  handles: ['BrandCreated', 'BrandUpdated', 'BrandRetired'] satisfies BrandEvent['type'][],

  async applyBatch(trx, events) {
    const latest = new Map<string, Latest>();
    const retired: Extract<BrandEvent, { type: 'BrandRetired' }>['data'][] = [];
    for (const event of events) {
      const id = streamOwner(event.streamId, 'brand');
      if (id === undefined) continue;
      const e = domainEvent<BrandEvent>(event);
      if (e.type === 'BrandRetired') {
        retired.push(e.data);
        continue;
      }
      const seen = latest.get(id);
      if (seen && seen.revision >= event.revision) continue;
      if (e.type === 'BrandCreated') {
        latest.set(id, { brand: e.data.brand, updatedBy: e.data.createdBy, updatedAt: e.data.createdAt, revision: event.revision, created: { by: e.data.createdBy, at: e.data.createdAt } });
      } else {
        latest.set(id, { brand: e.data.brand, updatedBy: e.data.updatedBy, updatedAt: e.data.updatedAt, revision: event.revision, ...(seen?.created ? { created: seen.created } : {}) });
      }
    }
    for (const [id, row] of latest) {
      const values = { ...columnsOf(row.brand), updated_by: row.updatedBy, updated_time: row.updatedAt, revision: row.revision };
      if (row.created) {
        const insert: Insertable<BrandsTable> = { id, ...values, created_by: row.created.by, created_time: row.created.at };
        await trx
          .insertInto('brands')
          .values(insert)
          .onConflict((oc) =>
            oc
              .column('id')
              .doUpdateSet(Object.fromEntries(Object.keys(values).map((c) => [c, sql.ref(`excluded.${c}`)])))
              .where(sql<boolean>`brands.revision < excluded.revision`),
          )
          .execute();
      } else {
        await trx.updateTable('brands').set(values).where('id', '=', id).where('revision', '<', row.revision).execute();
      }
    }
    // A brand is retired once and stays retired: the first retirement is kept, whatever the batches.
    for (const r of retired) {
      await trx
        .updateTable('brands')
        .set({ retired_time: r.retiredAt, retired_by: r.retiredBy, retired_reason: r.reason })
        .where('id', '=', r.brandId)
        .where('retired_time', 'is', null)
        .execute();
    }
  },
};
