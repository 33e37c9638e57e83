import { sql } from 'kysely';
import type { RecordedEvent } from '../../adapters/event-store/event-store';
import { type AccountEvent, bankDelta } from '../../domain/account/account';
import type { Projection } from '../projection';

const ACCOUNT = /^account-(.+)$/;

/**
 * Each player's bank: the sum of the bank changes their account events record. Applies an event
 * only when its stream revision is newer than the last one applied, so a replay adds nothing.
 */
export const bankProjection: Projection = {
  name: 'bank',
  version: 1,
  handles: [
    'BitcoinDepositConfirmed', 'LightningInvoiceSettled', 'WithdrawalRequested', 'WithdrawalDeclined',
    'HandStarted', 'InsuranceTaken', 'PlayerDoubled', 'HandSplit', 'HandSettled',
  ],
  tables: ['banks'],
  async apply(trx, event: RecordedEvent) {
    const playerId = ACCOUNT.exec(event.streamId)?.[1];
    if (!playerId) return;
    const delta = bankDelta({ type: event.type, data: event.data } as AccountEvent);
    // PostgreSQL checks `bank >= 0` on the proposed insert row even when it conflicts, so a debit
    // (a bet) must never be the inserted value: make sure the row exists, then add.
    await trx.insertInto('banks').values({ player_id: playerId, bank: 0, revision: -1 }).onConflict((oc) => oc.column('player_id').doNothing()).execute();
    await trx
      .updateTable('banks')
      .set({ bank: sql`bank + ${delta}`, revision: event.revision })
      .where('player_id', '=', playerId)
      .where('revision', '<', event.revision)
      .execute();
  },
};
