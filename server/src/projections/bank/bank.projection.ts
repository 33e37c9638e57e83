import { sql } from 'kysely';
import type { RecordedEvent } from '../../application/ports/event-store';
import { type AccountEvent, bankDelta } from '../../domain/account/account';
import type { Projection } from '../projection';

const ACCOUNT = /^account-(.+)$/;

interface Pending {
  delta: number;
  /** Revisions of the first and last event of this batch for the player. */
  first: number;
  last: number;
}

/** Bank changes of the current batch per player, written once at the end of the batch. */
const batches = new WeakMap<object, Map<string, Pending>>();

/**
 * Each player's bank: the sum of the bank changes their account events record. A batch is applied
 * only when its first event is newer than the last revision applied (a batch commits whole, so a
 * replay of it adds nothing).
 */
export const bankProjection: Projection = {
  name: 'bank',
  version: 2,
  handles: [
    'BitcoinDepositConfirmed', 'LightningInvoiceSettled', 'WithdrawalRequested', 'WithdrawalDeclined',
    'HandStarted', 'InsuranceTaken', 'PlayerDoubled', 'HandSplit', 'HandSettled',
  ],
  tables: ['banks'],
  async apply(trx, event: RecordedEvent) {
    const playerId = ACCOUNT.exec(event.streamId)?.[1];
    if (!playerId) return;
    let pending = batches.get(trx);
    if (!pending) batches.set(trx, (pending = new Map()));
    const delta = bankDelta({ type: event.type, data: event.data } as AccountEvent);
    const p = pending.get(playerId);
    if (p) {
      p.delta += delta;
      p.last = event.revision;
    } else {
      pending.set(playerId, { delta, first: event.revision, last: event.revision });
    }
  },

  async flush(trx) {
    const pending = batches.get(trx);
    if (!pending) return;
    batches.delete(trx);
    if (pending.size === 0) return;
    // PostgreSQL checks `bank >= 0` on the proposed insert row even when it conflicts, so a debit
    // must never be the inserted value: make sure the rows exist, then add.
    const players = [...pending.keys()];
    await trx.insertInto('banks').values(players.map((player_id) => ({ player_id, bank: 0, revision: -1 }))).onConflict((oc) => oc.column('player_id').doNothing()).execute();
    const changes = sql.join(players.map((id) => {
      const p = pending.get(id)!;
      return sql`(${id}::uuid, ${p.delta}::bigint, ${p.first}::int, ${p.last}::int)`;
    }));
    await sql`
      update banks b set bank = b.bank + v.delta, revision = v.last
        from (values ${changes}) as v(player_id, delta, first, last)
       where b.player_id = v.player_id and b.revision < v.first`.execute(trx);
  },
};
