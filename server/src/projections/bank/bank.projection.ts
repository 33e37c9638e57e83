import { sql } from 'kysely';
import { type AccountEvent, bankDelta } from '../../domain/account/account';
import { BANK_EVENT_TYPES } from '../../domain/account/ledger';
import { type Projection, domainEvent } from '../projection';
import { foldRows } from '../batch';

/** A player's bank change in one batch, and the revisions of its first and last event. */
interface Change {
  playerId: string;
  delta: number;
  first: number;
  last: number;
}

/**
 * Each player's bank: the sum of the bank changes their account events record. A batch is applied
 * only when its first event is newer than the last revision applied (a batch commits whole, so a
 * replay of it adds nothing).
 */
export const bankProjection: Projection = {
  name: 'bank',
  version: 2,
  handles: BANK_EVENT_TYPES,
  tables: ['banks'],
  applyBatch: foldRows<Change>({
    stream: 'account',
    fold(change, event, playerId) {
      const delta = bankDelta(domainEvent<AccountEvent>(event));
      return change ? { ...change, delta: change.delta + delta, last: event.revision } : { playerId, delta, first: event.revision, last: event.revision };
    },
    async write(trx, changes) {
      // PostgreSQL checks `bank >= 0` on the proposed insert row even when it conflicts, so a debit
      // must never be the inserted value: make sure the rows exist, then add.
      await trx.insertInto('banks').values(changes.map((c) => ({ player_id: c.playerId, bank: 0, revision: -1 }))).onConflict((oc) => oc.column('player_id').doNothing()).execute();
      const values = sql.join(changes.map((c) => sql`(${c.playerId}::uuid, ${c.delta}::bigint, ${c.first}::int, ${c.last}::int)`));
      await sql`
        update banks b set bank = b.bank + v.delta, revision = v.last
          from (values ${values}) as v(player_id, delta, first, last)
         where b.player_id = v.player_id and b.revision < v.first`.execute(trx);
    },
  }),
};
