import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { moneyMigration } from './0002_money';
import { moneyFlowsMigration } from './0003_money_flows';
import { gameMigration } from './0004_game';
import { bonusesMigration } from './0005_bonuses';
import { brandsMigration } from './0006_brands';
import { adminMigration } from './0007_admin';
import { payoutsMigration } from './0008_payouts';
import { sessionsMigration } from './0009_sessions';
import { sessionExpiryMigration } from './0010_session_expiry';
import { coachMigration } from './0011_coach';
import { sealedSnapshotsMigration } from './0012_sealed_snapshots';
import { bonusEndedMigration } from './0013_bonus_ended';
import { selfExclusionLiftMigration } from './0014_self_exclusion_lift';
import { reconciliationMigration } from './0015_reconciliation';
import { staffAuditMigration } from './0016_staff_audit';
import { payoutReviewMigration } from './0017_payout_review';
import { playerHistoryMigration } from './0018_player_history';
import { brandRetiredMigration } from './0019_brand_retired';
import { heldDepositsMigration } from './0020_held_deposits';
import { liabilitiesMigration } from './0021_liabilities';
import { handInPlayMigration } from './0022_hand_in_play';
import { lz4DocumentsMigration } from './0023_lz4_documents';

/** Read-model migrations, applied in name order at start-up. Never edit one that has shipped; add the next. */
const migrations: Record<string, Migration> = {
  '0001_foundation': {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed tables exist
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('projection_checkpoints')
        .ifNotExists()
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('checkpoint', 'text')
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable('players')
        .ifNotExists()
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('subject', 'text', (c) => c.notNull().unique())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('name', 'text')
        .addColumn('photo_url', 'text')
        .addColumn('created_time', 'timestamptz', (c) => c.notNull())
        .addColumn('banned', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('suspect_level', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('self_exclude', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('verified_phone_number', 'text')
        .execute();
      await db.schema.createIndex('players_email_idx').ifNotExists().on('players').column('email').execute();
      await db.schema
        .createTable('banks')
        .ifNotExists()
        .addColumn('player_id', 'uuid', (c) => c.primaryKey())
        .addColumn('bank', 'bigint', (c) => c.notNull().check(sql`bank >= 0`))
        .execute();
    },
  },
  '0002_money': moneyMigration,
  '0003_money_flows': moneyFlowsMigration,
  '0004_game': gameMigration,
  '0005_bonuses': bonusesMigration,
  '0006_brands': brandsMigration,
  '0007_admin': adminMigration,
  '0008_payouts': payoutsMigration,
  '0009_sessions': sessionsMigration,
  '0010_session_expiry': sessionExpiryMigration,
  '0011_coach': coachMigration,
  '0012_sealed_snapshots': sealedSnapshotsMigration,
  '0013_bonus_ended': bonusEndedMigration,
  '0014_self_exclusion_lift': selfExclusionLiftMigration,
  '0015_reconciliation': reconciliationMigration,
  '0016_staff_audit': staffAuditMigration,
  '0017_payout_review': payoutReviewMigration,
  '0018_player_history': playerHistoryMigration,
  '0019_brand_retired': brandRetiredMigration,
  '0020_held_deposits': heldDepositsMigration,
  '0021_liabilities': liabilitiesMigration,
  '0022_hand_in_play': handInPlayMigration,
  '0023_lz4_documents': lz4DocumentsMigration,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * `schema` pins Kysely's bookkeeping tables to the database's own schema: otherwise its lookup may find
 * another schema's `kysely_migration_lock` on a shared server.
 */
export async function migrateReadModels<T>(db: Kysely<T>, schema = 'public'): Promise<void> {
  const { error, results } = await new Migrator({ db: db as Kysely<unknown>, provider, migrationTableSchema: schema }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Read-model migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
