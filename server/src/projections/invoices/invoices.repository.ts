import type { LightningInvoice } from '@bahati/contracts';
import type { Kysely } from 'kysely';
import { InvoicesReadModel } from '../../application/ports/read-models/invoices';
import type { ReadModels } from '../schema';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Reads of the lightning-invoices read model. */
export class InvoicesRepository extends InvoicesReadModel {
  constructor(private readonly db: Kysely<ReadModels>) {
    super();
  }

  async invoices(playerId: string): Promise<LightningInvoice[]> {
    const rows = await this.db.selectFrom('lightning_invoices').selectAll().where('player_id', '=', playerId).orderBy('created_time', 'desc').execute();
    return rows.map((r) => this.invoiceView(r));
  }

  async invoice(id: string) {
    const r = await this.db.selectFrom('lightning_invoices').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? { playerId: r.player_id, ...this.invoiceView(r) } : null;
  }

  private invoiceView(r: { id: string; created_time: Date; amount: number; status: LightningInvoice['status']; payment_request: string; expires_at: Date; settled_time: Date | null }): LightningInvoice {
    return {
      id: r.id, createdTime: iso(r.created_time)!, amount: Number(r.amount), status: r.status, paymentRequest: r.payment_request,
      expiresAt: iso(r.expires_at)!, settledTime: iso(r.settled_time),
    };
  }

  /** Open invoices whose expiry has passed (to cancel), or all open ones (to reconcile with the node). */
  async openInvoices(expiredBefore?: Date, limit = 500): Promise<{ id: string; playerId: string }[]> {
    let q = this.db.selectFrom('lightning_invoices').select(['id', 'player_id']).where('status', '=', 'Opened');
    if (expiredBefore) q = q.where('expires_at', '<=', expiredBefore);
    const rows = await q.orderBy('expires_at').limit(limit).execute();
    return rows.map((r) => ({ id: r.id, playerId: r.player_id }));
  }

  async isOwnInvoice(paymentHash: string): Promise<boolean> {
    // An invoice's id is its payment hash (the primary key).
    const row = await this.db.selectFrom('lightning_invoices').select('id').where('id', '=', paymentHash.toLowerCase()).executeTakeFirst();
    return row !== undefined;
  }
}
