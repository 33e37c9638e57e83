import type { Kysely, Migration } from 'kysely';

/** Read models of money in and out: deposit addresses, on-chain deposits, Lightning invoices, withdrawal requests. */
export const moneyFlowsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed tables exist
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('bitcoin_addresses')
      .ifNotExists()
      .addColumn('address', 'text', (c) => c.primaryKey())
      .addColumn('player_id', 'uuid', (c) => c.notNull())
      .addColumn('derivation_index', 'integer', (c) => c.notNull())
      .addColumn('assigned_time', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('bitcoin_addresses_player_idx').ifNotExists().on('bitcoin_addresses').column('player_id').execute();
    await db.schema
      .createTable('bitcoin_deposits')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('player_id', 'uuid', (c) => c.notNull())
      .addColumn('txid', 'text', (c) => c.notNull())
      .addColumn('vout', 'integer', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('confirmations', 'integer', (c) => c.notNull())
      .addColumn('time', 'timestamptz', (c) => c.notNull())
      .addColumn('confirmed_time', 'timestamptz')
      .execute();
    await db.schema.createIndex('bitcoin_deposits_player_idx').ifNotExists().on('bitcoin_deposits').columns(['player_id', 'time']).execute();
    await db.schema
      .createTable('lightning_invoices')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('player_id', 'uuid', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('payment_request', 'text', (c) => c.notNull())
      .addColumn('payment_hash', 'text', (c) => c.notNull())
      .addColumn('created_time', 'timestamptz', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('settled_time', 'timestamptz')
      .execute();
    await db.schema.createIndex('lightning_invoices_player_idx').ifNotExists().on('lightning_invoices').columns(['player_id', 'created_time']).execute();
    await db.schema.createIndex('lightning_invoices_open_idx').ifNotExists().on('lightning_invoices').columns(['status', 'expires_at']).execute();
    await db.schema
      .createTable('withdraw_requests')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('player_id', 'uuid', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('request_time', 'timestamptz', (c) => c.notNull())
      .addColumn('reviewer_id', 'text')
      .addColumn('decision_time', 'timestamptz')
      .addColumn('reference', 'text')
      .addColumn('paid', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
    await db.schema.createIndex('withdraw_requests_player_idx').ifNotExists().on('withdraw_requests').columns(['player_id', 'request_time']).execute();
    await db.schema.createIndex('withdraw_requests_time_idx').ifNotExists().on('withdraw_requests').column('request_time').execute();
  },
};
