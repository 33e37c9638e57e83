import type { RecordedEvent } from '../../application/ports/event-store';
import { LEDGER_EVENT_TYPES, ledgerEntriesOf } from '../../domain/account/ledger';
import { streamOwner } from '../../domain/streams';
import { writeRowsAsJson } from '../batch';
import type { Projection } from '../projection';

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
  writesHeld: true,
  handles: LEDGER_EVENT_TYPES,
  tables: ['ledger_entries'],
  async applyBatch(trx, events) {
    // A replayed event inserts nothing: its ids are already there.
    await writeRowsAsJson(trx, { table: 'ledger_entries', key: ['id'] }, events.flatMap(rowsOf));
  },
};
