import type { RecordedEvent } from '../../application/ports/event-store';
import { LEDGER_EVENT_TYPES, ledgerEntriesOf } from '../../domain/account/ledger';
import { streamOwner } from '../../domain/streams';
import { insertRowsAsJson } from '../batch';
import type { Projection } from '../projection';

/** A batch's rows are inserted by statements of this many rows. */
const CHUNK = 1000;

/** The ledger rows of one event: ids `<event id>:<n>` and order revision × 16 + n within the player's ledger. */
function rowsOf(event: RecordedEvent) {
  const playerId = streamOwner(event.streamId, 'account');
  if (!playerId) return [];
  return ledgerEntriesOf(event).map((e) => ({
    id: e.id, player_id: playerId, type: e.type, created_time: e.createdTime, hand_id: e.handId, reference: e.reference, amount: e.amount, seq: e.seq,
  }));
}

/** Every line that moved a player's bank, for the daily ledger screen. */
export const ledgerProjection: Projection = {
  name: 'ledger',
  version: 2,
  handles: LEDGER_EVENT_TYPES,
  tables: ['ledger_entries'],
  async applyBatch(trx, events) {
    const rows = events.flatMap(rowsOf);
    // A replayed event inserts nothing: its ids are already there.
    for (let i = 0; i < rows.length; i += CHUNK) {
      await insertRowsAsJson(trx, 'ledger_entries', rows.slice(i, i + CHUNK)).onConflict((oc) => oc.column('id').doNothing()).execute();
    }
  },
};
