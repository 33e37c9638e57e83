import type { Kysely, Migration } from 'kysely';

/** The staff audit log: one row per staff decision, newest first, filtered by action, staff member, player and day. */
export const staffAuditMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed tables exist
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('staff_actions')
      .addColumn('event_id', 'text', (c) => c.primaryKey())
      .addColumn('at', 'timestamptz', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('staff_id', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('player_id', 'text')
      .addColumn('amount', 'bigint')
      .addColumn('reason', 'text')
      .addColumn('before', 'text')
      .addColumn('after', 'text')
      .execute();
    await db.schema.createIndex('staff_actions_at').on('staff_actions').columns(['at', 'event_id']).execute();
    await db.schema.createIndex('staff_actions_player').on('staff_actions').columns(['player_id', 'at']).execute();
    await db.schema.createIndex('staff_actions_action').on('staff_actions').columns(['action', 'at']).execute();
  },
};
