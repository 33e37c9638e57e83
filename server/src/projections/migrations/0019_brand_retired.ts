import type { Kysely, Migration } from 'kysely';

/** A brand can be retired (`BrandRetired`): when, by whom and why; null while it is offered. Analytics reads settled hands by time. */
export const brandRetiredMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed tables exist
  async up(db: Kysely<any>) {
    await db.schema.alterTable('brands').addColumn('retired_time', 'timestamptz').execute();
    await db.schema.alterTable('brands').addColumn('retired_by', 'text').execute();
    await db.schema.alterTable('brands').addColumn('retired_reason', 'text').execute();
    await db.schema.createIndex('hands_settled_time_idx').on('hands').column('settled_time').execute();
  },
};
