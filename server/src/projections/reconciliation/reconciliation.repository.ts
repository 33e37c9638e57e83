import { randomUUID } from 'node:crypto';
import type { LedgerType, ReconciliationRun } from '@bahati/contracts';
import { type Kysely, sql } from 'kysely';
import { type BankRow, type HeldLedgerRow, type LedgerTotal, ReconciliationReadModel } from '../../application/ports/read-models/reconciliation';
import type { LedgerEntryRow } from '../../domain/account/ledger';
import type { ReadModels } from '../schema';

/** Runs kept: the last one is what every screen shows; a few before it for whoever looks in the table. */
const RUNS_KEPT = 20;
/** Rows a statement inserts at most (9 parameters a row, well under PostgreSQL's 65,535). */
const CHUNK = 1_000;

const iso = (d: Date | string) => new Date(d).toISOString();

/** The bank and ledger read models as the reconciliation check reads and rebuilds them, and the check's runs. */
export class ReconciliationRepository extends ReconciliationReadModel {
  constructor(private readonly db: Kysely<ReadModels>) {
    super();
  }

  async playerCount(): Promise<number> {
    const row = await this.db.selectFrom('players').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async playersByIds(ids: readonly string[]): Promise<{ id: string; email: string; name: string | null }[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('players').select(['id', 'email', 'name']).where('id', 'in', [...ids]).execute();
  }

  async banks(): Promise<BankRow[]> {
    const rows = await this.db.selectFrom('banks').select(['player_id', 'bank', 'revision']).execute();
    return rows.map((r) => ({ playerId: r.player_id, bank: Number(r.bank), revision: r.revision }));
  }

  async ledgerTotals(): Promise<LedgerTotal[]> {
    const rows = await this.db
      .selectFrom('ledger_entries')
      .select((eb) => ['player_id', eb.fn.sum<string | number>('amount').as('sum'), eb.fn.countAll<string | number>().as('rows')])
      .groupBy('player_id')
      .execute();
    return rows.map((r) => ({ playerId: r.player_id, sum: Number(r.sum), rows: Number(r.rows) }));
  }

  async bankRow(playerId: string): Promise<BankRow | null> {
    const row = await this.db.selectFrom('banks').select(['bank', 'revision']).where('player_id', '=', playerId).executeTakeFirst();
    return row ? { playerId, bank: Number(row.bank), revision: row.revision } : null;
  }

  async ledgerRows(playerId: string): Promise<HeldLedgerRow[]> {
    const rows = await this.db.selectFrom('ledger_entries').selectAll().where('player_id', '=', playerId).orderBy('seq').execute();
    return rows.map((r) => ({
      id: r.id, type: r.type as LedgerType, createdTime: iso(r.created_time), handId: r.hand_id, reference: r.reference, amount: Number(r.amount), seq: r.seq,
    }));
  }

  async rebuild(playerId: string, upToRevision: number, bank: { bank: number; bankRevision: number }, rows: readonly LedgerEntryRow[], remove: readonly string[]): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      // The bank projection may be adding a later event meanwhile: lock the row, and leave it to a fresh look if it moved on.
      const held = await trx.selectFrom('banks').select('revision').where('player_id', '=', playerId).forUpdate().executeTakeFirst();
      if (held && held.revision > upToRevision) return false;
      if (bank.bankRevision < 0) await trx.deleteFrom('banks').where('player_id', '=', playerId).execute();
      else {
        await trx
          .insertInto('banks')
          .values({ player_id: playerId, bank: bank.bank, revision: bank.bankRevision })
          .onConflict((oc) => oc.column('player_id').doUpdateSet({ bank: bank.bank, revision: bank.bankRevision }))
          .execute();
      }
      const ids = [...remove];
      await trx
        .deleteFrom('ledger_entries')
        .where('player_id', '=', playerId)
        .where((eb) => (ids.length ? eb.or([eb('seq', '<', (upToRevision + 1) * 16), eb('id', 'in', ids)]) : eb('seq', '<', (upToRevision + 1) * 16)))
        .execute();
      for (let i = 0; i < rows.length; i += CHUNK) {
        await trx
          .insertInto('ledger_entries')
          .values(
            rows.slice(i, i + CHUNK).map((r) => ({
              id: r.id, player_id: playerId, type: r.type, created_time: r.createdTime, hand_id: r.handId, reference: r.reference, amount: r.amount, seq: r.seq,
            })),
          )
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
      }
      return true;
    });
  }

  async saveRun(run: ReconciliationRun): Promise<void> {
    const id = randomUUID();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('reconciliation_runs')
        .values({ id, checked_at: run.checkedAt, players_checked: run.playersChecked, duration_ms: run.durationMs, differences: run.differences.length })
        .execute();
      for (let i = 0; i < run.differences.length; i += CHUNK) {
        await trx
          .insertInto('reconciliation_differences')
          .values(
            run.differences.slice(i, i + CHUNK).map((d) => ({
              run_id: id, player_id: d.playerId, email: d.email, name: d.name, bank_read_model: d.bankReadModel, ledger_sum: d.ledgerSum, events: d.events,
              missing: d.ledgerRows.missing, extra: d.ledgerRows.extra, changed: d.ledgerRows.changed, checked_at: d.checkedAt,
            })),
          )
          .execute();
      }
      await trx
        .deleteFrom('reconciliation_runs')
        .where('id', 'not in', (eb) => eb.selectFrom('reconciliation_runs').select('id').orderBy('checked_at', 'desc').limit(RUNS_KEPT))
        .execute();
    });
  }

  async lastRun(): Promise<ReconciliationRun | null> {
    const run = await this.db.selectFrom('reconciliation_runs').selectAll().orderBy('checked_at', 'desc').limit(1).executeTakeFirst();
    if (!run) return null;
    const rows = await this.db.selectFrom('reconciliation_differences').selectAll().where('run_id', '=', run.id).orderBy('email').execute();
    return {
      checkedAt: iso(run.checked_at),
      playersChecked: run.players_checked,
      durationMs: run.duration_ms,
      differences: rows.map((d) => ({
        playerId: d.player_id, email: d.email, name: d.name, bankReadModel: Number(d.bank_read_model), ledgerSum: Number(d.ledger_sum), events: Number(d.events),
        ledgerRows: { missing: d.missing, extra: d.extra, changed: d.changed }, checkedAt: iso(d.checked_at),
      })),
    };
  }

  async resolve(playerId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const run = await trx.selectFrom('reconciliation_runs').select('id').orderBy('checked_at', 'desc').limit(1).forUpdate().executeTakeFirst();
      if (!run) return;
      const gone = await trx.deleteFrom('reconciliation_differences').where('run_id', '=', run.id).where('player_id', '=', playerId).executeTakeFirst();
      if (Number(gone.numDeletedRows) > 0) {
        await trx.updateTable('reconciliation_runs').set({ differences: sql<number>`greatest(differences - 1, 0)` }).where('id', '=', run.id).execute();
      }
    });
  }
}
