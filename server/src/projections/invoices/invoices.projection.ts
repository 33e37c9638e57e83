import type { MoneyEvent } from '../../domain/account/money';
import type { Projection } from '../projection';
import { eachEvent } from '../batch';

/** Lightning invoices: one row per invoice, Opened → Settled | Canceled | Held (paid, held for review, not credited) → Settled | Returned (sent back by an admin). */
export const invoicesProjection: Projection = {
  name: 'lightning-invoices',
  version: 1,
  tables: ['lightning_invoices'],
  ...eachEvent<MoneyEvent, 'account'>('account', {
    LightningInvoiceCreated: (trx, d, playerId) =>
      trx
        .insertInto('lightning_invoices')
        .values({
          id: d.invoiceId, player_id: playerId, amount: d.amount, status: 'Opened', payment_request: d.paymentRequest,
          payment_hash: d.paymentHash, created_time: d.createdAt, expires_at: d.expiresAt, settled_time: null,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute(),
    LightningInvoiceSettled: (trx, d) =>
      trx.updateTable('lightning_invoices').set({ status: 'Settled', amount: d.amount, settled_time: d.settledAt }).where('id', '=', d.invoiceId).execute(),
    DepositHeldForReview: async (trx, d) => {
      if (d.method !== 'lightning') return;
      await trx.updateTable('lightning_invoices').set({ status: 'Held', amount: d.amount }).where('id', '=', d.invoiceId).execute();
    },
    // Held, then sent back by an admin: never credited.
    HeldDepositRefunded: async (trx, d) => {
      if (d.method !== 'lightning') return;
      await trx.updateTable('lightning_invoices').set({ status: 'Returned' }).where('id', '=', d.id).execute();
    },
    LightningInvoiceCanceled: (trx, d) =>
      trx.updateTable('lightning_invoices').set({ status: 'Canceled' }).where('id', '=', d.invoiceId).where('status', '=', 'Opened').execute(),
  }),
};
