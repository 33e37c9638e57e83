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
    await trx
      .insertInto('banks')
      .values({ player_id: playerId, bank: delta, revision: event.revision })
      .onConflict((oc) =>
        oc
          .column('player_id')
          .doUpdateSet({ bank: sql`banks.bank + ${delta}`, revision: event.revision })
          .where('banks.revision', '<', event.revision),
      )
      .execute();
  },
};
