import { type AccountEvent, bankDelta } from '../../domain/account/account';
import { BANK_EVENT_TYPES } from '../../domain/account/ledger';
import { type Projection, domainEvent } from '../projection';
import { foldRows, writeAsJson } from '../batch';

/** A player's bank change in one batch, and the revisions of its first and last event. */
interface Change {
  playerId: string;
  delta: number;
  first: number;
  last: number;
}

/**
 * The changes (`[{playerId, delta, first, last}]` as JSON) of players with no bank yet: their first
 * changes, so the sum is their bank. A player with a bank is left out here rather than left to a conflict:
 * PostgreSQL checks `bank >= 0` on a proposed row even when it conflicts, and a debit must not fail so.
 */
const OPEN_BANKS = `
  insert into banks (player_id, bank, revision)
  select v."playerId", v.delta, v.last from json_to_recordset($1::json) as v("playerId" uuid, delta bigint, last int)
   where not exists (select 1 from banks b where b.player_id = v."playerId")`;

/**
 * Adds each change to a bank that has not seen its first revision. A bank opened by `OPEN_BANKS` for the
 * same changes is at their last revision already, whether it was opened before (this runs after it) or
 * in the same statement (this does not see it).
 */
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
  writesHeld: true,
  handles: BANK_EVENT_TYPES,
  tables: ['banks'],
  applyBatch: foldRows<Change>({
    stream: 'account',
    fold(change, event, playerId) {
      const delta = bankDelta(domainEvent<AccountEvent>(event));
      return change ? { playerId, delta: change.delta + delta, first: change.first, last: event.revision } : { playerId, delta, first: event.revision, last: event.revision };
    },
    async write(trx, changes) {
      await writeAsJson(trx, OPEN_BANKS, changes);
      await writeAsJson(trx, ADD_TO_BANKS, changes);
    },
  }),
};
