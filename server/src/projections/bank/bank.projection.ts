import { CompiledQuery } from 'kysely';
import { type AccountEvent, bankDelta } from '../../domain/account/account';
import { BANK_EVENT_TYPES } from '../../domain/account/ledger';
import { type Projection, domainEvent } from '../projection';
import { foldRows, writeRowsAsJson } from '../batch';

/** A player's bank change in one batch, and the revisions of its first and last event. */
interface Change {
  playerId: string;
  delta: number;
  first: number;
  last: number;
}

/** Adds each change (`[{playerId, delta, first, last}]` as JSON) to a bank that has not seen its first revision. */
const ADD_TO_BANKS = `
  update banks b set bank = b.bank + v.delta, revision = v.last
    from json_to_recordset($1::json) as v("playerId" uuid, delta bigint, first int, last int)
   where b.player_id = v."playerId" and b.revision < v.first`;

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
      await writeRowsAsJson(trx, { table: 'banks', key: ['player_id'] }, changes.map((c) => ({ player_id: c.playerId, bank: 0, revision: -1 })));
      await trx.executeQuery(CompiledQuery.raw(ADD_TO_BANKS, [JSON.stringify(changes)]));
    },
  }),
};
