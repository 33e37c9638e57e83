import type { LedgerEntry, LedgerType } from '@bahati/contracts';
import type { Kysely, Selectable } from 'kysely';
import { LedgerReadModel } from '../../application/ports/read-models/ledger';
import type { LedgerEntryRow } from '../../domain/account/ledger';
import type { ReadModels } from '../schema';
import type { LedgerEntriesTable } from './ledger.table';

const iso = (d: Date | string) => new Date(d).toISOString();

const toEntry = (r: Selectable<LedgerEntriesTable>): LedgerEntry => ({
  id: r.id, type: r.type as LedgerType, createdTime: iso(r.created_time), handId: r.hand_id, reference: r.reference, amount: Number(r.amount),
});

/** A player's ledger lines; one player's rows, read for an audit and rewritten for a repair. */
export class LedgerRepository extends LedgerReadModel {
  constructor(private readonly db: Kysely<ReadModels>) {
    super();
  }

  /** Ledger lines of [fromUtc, toUtc), in the order they happened. */
  async ledger(playerId: string, fromUtc: Date, toUtc: Date): Promise<LedgerEntry[]> {
    const rows = await this.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('player_id', '=', playerId)
      .where('created_time', '>=', fromUtc)
      .where('created_time', '<', toUtc)
      .orderBy('created_time')
      .orderBy('seq')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      type: r.type as LedgerType,
      createdTime: iso(r.created_time),
      handId: r.hand_id,
      reference: r.reference,
      amount: Number(r.amount),
    }));
  }

  async ledgerPage(
    playerId: string, fromUtc: Date, toUtc: Date, page: { offset: number; limit: number },
  ): Promise<{ items: LedgerEntry[]; byType: { type: LedgerType; amount: number; lines: number }[] }> {
    // Both read the player's day along ledger_entries_player_time_idx (player_id, created_time, seq): the page
    // backwards from its end, the sums in one pass of the day.
    const day = this.db
      .selectFrom('ledger_entries')
      .where('player_id', '=', playerId)
      .where('created_time', '>=', fromUtc)
      .where('created_time', '<', toUtc);
    const [rows, sums] = await Promise.all([
      day.selectAll().orderBy('created_time', 'desc').orderBy('seq', 'desc').offset(page.offset).limit(page.limit).execute(),
      day
        .select((eb) => ['type', eb.fn.sum<string | number>('amount').as('amount'), eb.fn.countAll<string | number>().as('lines')])
        .groupBy('type')
        .execute(),
    ]);
    return {
      items: rows.map(toEntry),
      byType: sums.map((s) => ({ type: s.type as LedgerType, amount: Number(s.amount), lines: Number(s.lines) })),
    };
  }

  async rows(playerId: string, fromUtc: Date, toUtc: Date, ids: readonly string[]): Promise<LedgerEntry[]> {
    const rows = await this.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('player_id', '=', playerId)
      .where((eb) => {
        const inDay = eb.and([eb('created_time', '>=', fromUtc), eb('created_time', '<', toUtc)]);
        return ids.length ? eb.or([inDay, eb('id', 'in', [...ids])]) : inDay;
      })
      .orderBy('created_time')
      .orderBy('seq')
      .execute();
    return rows.map(toEntry);
  }

  async rowsOfHand(playerId: string, handId: string, ids: readonly string[]): Promise<LedgerEntry[]> {
    const rows = await this.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('player_id', '=', playerId)
      .where((eb) => (ids.length ? eb.or([eb('hand_id', '=', handId), eb('id', 'in', [...ids])]) : eb('hand_id', '=', handId)))
      .orderBy('seq')
      .execute();
    return rows.map(toEntry);
  }

  async rewrite(playerId: string, fromUtc: Date, toUtc: Date, upToRevision: number, rows: readonly LedgerEntryRow[], remove: readonly string[]): Promise<void> {
    const ids = [...rows.map((r) => r.id), ...remove];
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('ledger_entries')
        .where('player_id', '=', playerId)
        .where((eb) => {
          const inDay = eb.and([eb('created_time', '>=', fromUtc), eb('created_time', '<', toUtc), eb('seq', '<', (upToRevision + 1) * 16)]);
          return ids.length ? eb.or([inDay, eb('id', 'in', ids)]) : inDay;
        })
        .execute();
      if (rows.length === 0) return;
      await trx
        .insertInto('ledger_entries')
        .values(
          rows.map((r) => ({
            id: r.id, player_id: playerId, type: r.type, created_time: r.createdTime, hand_id: r.handId, reference: r.reference, amount: r.amount, seq: r.seq,
          })),
        )
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    });
  }
}
