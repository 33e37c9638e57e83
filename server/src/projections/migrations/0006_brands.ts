import type { Kysely, Migration } from 'kysely';

/** The brands read model: one row per brand, its drawings as sanitised SVG markup. */
export const brandsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed tables exist
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('brands')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('site_name', 'text', (c) => c.notNull())
      .addColumn('colour', 'text', (c) => c.notNull())
      .addColumn('logo_svg', 'text', (c) => c.notNull())
      .addColumn('tagline_svg', 'text', (c) => c.notNull())
      .addColumn('card_svg', 'text', (c) => c.notNull())
      .addColumn('chip1_svg', 'text', (c) => c.notNull())
      .addColumn('chip2_svg', 'text', (c) => c.notNull())
      .addColumn('chip3_svg', 'text', (c) => c.notNull())
      .addColumn('chip4_svg', 'text', (c) => c.notNull())
      .addColumn('table_large_svg', 'text', (c) => c.notNull())
      .addColumn('table_small_svg', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_time', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .addColumn('updated_time', 'timestamptz', (c) => c.notNull())
      .addColumn('revision', 'integer', (c) => c.notNull())
      .execute();
  },
};
