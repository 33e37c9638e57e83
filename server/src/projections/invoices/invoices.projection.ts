import type { RecordedEvent } from '../../application/ports/event-store';
import type { MoneyEvent } from '../../domain/account/money';
import type { Projection } from '../projection';

const ACCOUNT = /^account-(.+)$/;
type Data<T extends MoneyEvent['type']> = Extract<MoneyEvent, { type: T }>['data'];

/** Lightning invoices: one row per invoice, Opened → Settled | Canceled. */
export const invoicesProjection: Projection = {
  name: 'lightning-invoices',
  version: 1,
  handles: ['LightningInvoiceCreated', 'LightningInvoiceSettled', 'LightningInvoiceCanceled'],
  tables: ['lightning_invoices'],
  async apply(trx, event: RecordedEvent) {
    const playerId = ACCOUNT.exec(event.streamId)?.[1];
    if (!playerId) return;
    switch (event.type) {
      case 'LightningInvoiceCreated': {
        const d = event.data as Data<'LightningInvoiceCreated'>;
        await trx
          .insertInto('lightning_invoices')
          .values({
            id: d.invoiceId, player_id: playerId, amount: d.amount, status: 'Opened', payment_request: d.paymentRequest,
            payment_hash: d.paymentHash, created_time: d.createdAt, expires_at: d.expiresAt, settled_time: null,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        return;
      }
      case 'LightningInvoiceSettled': {
        const d = event.data as Data<'LightningInvoiceSettled'>;
        await trx.updateTable('lightning_invoices').set({ status: 'Settled', amount: d.amount, settled_time: d.settledAt }).where('id', '=', d.invoiceId).execute();
        return;
      }
      case 'LightningInvoiceCanceled': {
        const d = event.data as Data<'LightningInvoiceCanceled'>;
        await trx.updateTable('lightning_invoices').set({ status: 'Canceled' }).where('id', '=', d.invoiceId).where('status', '=', 'Opened').execute();
        return;
      }
    }
  },
};
