import type { Kysely, Migration } from 'kysely';

/**
 * The strategy coach's read model: per player the coach's state (the bank and the hand in play, folded
 * from the account events), per settled hand its judgement, and every decision that differed from basic
 * strategy with what it cost in expected value. A player's week is read by `player_id` and the hand's
 * settle time; a hand's report by `hand_id`.
 */
export const coachMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed tables exist
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('coach_players')
      .ifNotExists()
      .addColumn('player_id', 'uuid', (c) => c.primaryKey())
      .addColumn('state', 'jsonb', (c) => c.notNull())
      .addColumn('account_revision', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('coach_hands')
      .ifNotExists()
      .addColumn('hand_id', 'uuid', (c) => c.primaryKey())
      .addColumn('player_id', 'uuid', (c) => c.notNull())
      .addColumn('settled_time', 'timestamptz', (c) => c.notNull())
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('bet', 'bigint', (c) => c.notNull())
      .addColumn('decisions', 'integer', (c) => c.notNull())
      .addColumn('deviations', 'integer', (c) => c.notNull())
      .addColumn('cost_msat', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('coach_hands_player_time_idx').ifNotExists().on('coach_hands').columns(['player_id', 'settled_time']).execute();
    await db.schema
      .createTable('coach_deviations')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('player_id', 'uuid', (c) => c.notNull())
      .addColumn('hand_id', 'uuid', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('time', 'timestamptz', (c) => c.notNull())
      .addColumn('hand_index', 'integer', (c) => c.notNull())
      .addColumn('cards', 'jsonb', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('soft', 'boolean', (c) => c.notNull())
      .addColumn('dealer_up', 'integer', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('recommended', 'text', (c) => c.notNull())
      .addColumn('stake', 'bigint', (c) => c.notNull())
      .addColumn('ev_action', 'double precision', (c) => c.notNull())
      .addColumn('ev_recommended', 'double precision', (c) => c.notNull())
      .addColumn('cost_msat', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('coach_deviations_hand_idx').ifNotExists().on('coach_deviations').columns(['hand_id', 'seq']).execute();
  },
};
