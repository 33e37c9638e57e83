import type { RecordedEvent } from '../../application/ports/event-store';
import type { MoneyEvent } from '../../domain/account/money';
import type { Projection } from '../projection';

const ACCOUNT = /^account-(.+)$/;
type Data<T extends MoneyEvent['type']> = Extract<MoneyEvent, { type: T }>['data'];

/** Deposit addresses (address → player, for the chain watcher) and on-chain deposits, one row per `txid:vout`. */
export const depositsProjection: Projection = {
  name: 'deposits',
  version: 1,
  handles: ['BitcoinAddressAssigned', 'BitcoinDepositDetected', 'BitcoinDepositConfirmed'],
  tables: ['bitcoin_addresses', 'bitcoin_deposits'],
  async apply(trx, event: RecordedEvent) {
    const playerId = ACCOUNT.exec(event.streamId)?.[1];
    if (!playerId) return;
    switch (event.type) {
      case 'BitcoinAddressAssigned': {
        const d = event.data as Data<'BitcoinAddressAssigned'>;
        await trx
          .insertInto('bitcoin_addresses')
          .values({ address: d.address, player_id: playerId, derivation_index: d.derivationIndex, assigned_time: d.assignedAt })
          .onConflict((oc) => oc.column('address').doNothing())
          .execute();
        return;
      }
      case 'BitcoinDepositDetected':
      case 'BitcoinDepositConfirmed': {
        const d = event.data as Data<'BitcoinDepositDetected'> & Partial<Data<'BitcoinDepositConfirmed'>>;
        const confirmed = event.type === 'BitcoinDepositConfirmed';
        const time = confirmed ? d.confirmedAt! : d.detectedAt;
        await trx
          .insertInto('bitcoin_deposits')
          .values({
            id: `${d.txid}:${d.vout}`, player_id: playerId, txid: d.txid, vout: d.vout, address: d.address, amount: d.amount,
            status: confirmed ? 'Deposited' : 'Pending', confirmations: d.confirmations, time, confirmed_time: confirmed ? time : null,
          })
          .onConflict((oc) =>
            confirmed
              ? oc.column('id').doUpdateSet({ status: 'Deposited', confirmations: d.confirmations, confirmed_time: time, amount: d.amount })
              : oc.column('id').doNothing(),
          )
          .execute();
        return;
      }
    }
  },
};
