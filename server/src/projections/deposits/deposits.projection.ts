import type { Transaction } from 'kysely';
import type { MoneyEvent } from '../../domain/account/money';
import type { Projection } from '../projection';
import { eachEvent } from '../batch';
import type { ReadModels } from '../schema';

type Deposit = Extract<MoneyEvent, { type: 'BitcoinDepositDetected' | 'BitcoinDepositConfirmed' }>['data'];

/** A deposit output is recorded Pending when first seen; confirmation makes it Deposited, whenever it comes. */
function deposit(trx: Transaction<ReadModels>, playerId: string, d: Deposit, confirmedAt: string | null) {
  const time = confirmedAt ?? (d as Extract<Deposit, { detectedAt: string }>).detectedAt;
  return trx
    .insertInto('bitcoin_deposits')
    .values({
      id: `${d.txid}:${d.vout}`, player_id: playerId, txid: d.txid, vout: d.vout, address: d.address, amount: d.amount,
      status: confirmedAt ? 'Deposited' : 'Pending', confirmations: d.confirmations, time, confirmed_time: confirmedAt,
    })
    .onConflict((oc) =>
      confirmedAt
        ? oc.column('id').doUpdateSet({ status: 'Deposited', confirmations: d.confirmations, confirmed_time: confirmedAt, amount: d.amount })
        : oc.column('id').doNothing(),
    )
    .execute();
}

/** Deposit addresses (address → player, for the chain watcher) and on-chain deposits, one row per `txid:vout`. */
export const depositsProjection: Projection = {
  name: 'deposits',
  version: 1,
  tables: ['bitcoin_addresses', 'bitcoin_deposits'],
  ...eachEvent<MoneyEvent, 'account'>('account', {
    BitcoinAddressAssigned: (trx, d, playerId) =>
      trx
        .insertInto('bitcoin_addresses')
        .values({ address: d.address, player_id: playerId, derivation_index: d.derivationIndex, assigned_time: d.assignedAt })
        .onConflict((oc) => oc.column('address').doNothing())
        .execute(),
    BitcoinDepositDetected: (trx, d, playerId) => deposit(trx, playerId, d, null),
    BitcoinDepositConfirmed: (trx, d, playerId) => deposit(trx, playerId, d, d.confirmedAt),
    // Paid but not credited: it would have taken the bank past MAX_BANK_SATS, so it waits for review.
    DepositHeldForReview: async (trx, d, playerId) => {
      if (d.method !== 'bitcoin') return;
      await trx
        .insertInto('bitcoin_deposits')
        .values({
          id: `${d.txid}:${d.vout}`, player_id: playerId, txid: d.txid, vout: d.vout, address: d.address, amount: d.amount,
          status: 'Held', confirmations: d.confirmations, time: d.heldAt, confirmed_time: null,
        })
        .onConflict((oc) => oc.column('id').doUpdateSet({ status: 'Held', confirmations: d.confirmations, amount: d.amount }))
        .execute();
    },
    // Held, then sent back by an admin: never credited.
    HeldDepositRefunded: async (trx, d) => {
      if (d.method !== 'bitcoin') return;
      await trx.updateTable('bitcoin_deposits').set({ status: 'Returned' }).where('id', '=', d.id).execute();
    },
  }),
};
