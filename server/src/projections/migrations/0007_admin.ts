import type { Kysely, Migration } from 'kysely';

/**
 * The admins' and support's read models: roles granted by event, suspect detection (per player the
 * detector's state and level, and the records), and the daily figures of analytics. The suspect level
 * moves from `players` (where nothing wrote it) to `suspect_players`, which the suspect projection owns.
 */
export const adminMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed tables exist
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('staff_roles')
      .ifNotExists()
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('granted', 'boolean', (c) => c.notNull())
      .addColumn('changed_by', 'text', (c) => c.notNull())
      .addColumn('changed_time', 'timestamptz', (c) => c.notNull())
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('staff_roles_pkey', ['email', 'role'])
      .execute();

    await db.schema
      .createTable('suspect_players')
      .ifNotExists()
      .addColumn('player_id', 'uuid', (c) => c.primaryKey())
      .addColumn('suspect_level', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('records', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('state', 'jsonb', (c) => c.notNull())
      .addColumn('account_revision', 'integer', (c) => c.notNull())
      .addColumn('player_revision', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('suspect_records')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('player_id', 'uuid', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('time', 'timestamptz', (c) => c.notNull())
      .addColumn('hand_id', 'text')
      .addColumn('player_hand_value', 'integer')
      .addColumn('dealer_hand_value', 'integer')
      .addColumn('expected_action', 'text')
      .addColumn('actual_action', 'text')
      .addColumn('suspect_change', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('admin_id', 'text')
      .execute();
    await db.schema.createIndex('suspect_records_player_idx').ifNotExists().on('suspect_records').columns(['player_id', 'seq']).execute();

    await db.schema
      .createTable('daily_stats')
      .ifNotExists()
      .addColumn('day', 'date', (c) => c.primaryKey())
      .addColumn('hands', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('wagered', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('returned', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('expected_house_win_msat', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('deposits', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('deposit_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('withdrawals', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('withdrawal_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('withdrawals_refunded', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('checkpoint', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('daily_players')
      .ifNotExists()
      .addColumn('day', 'date', (c) => c.notNull())
      .addColumn('player_id', 'uuid', (c) => c.notNull())
      .addPrimaryKeyConstraint('daily_players_pkey', ['day', 'player_id'])
      .execute();

    await db.schema.createIndex('players_created_time_idx').ifNotExists().on('players').columns(['created_time', 'id']).execute();
    await db.schema.createIndex('ledger_entries_hand_idx').ifNotExists().on('ledger_entries').column('hand_id').execute();
    await db.schema.alterTable('players').dropColumn('suspect_level').execute();
  },
};
