import type { LightningInvoice } from '@bahati/contracts';

/** The `lightning-invoices` read model. */
export abstract class InvoicesReadModel {
  abstract invoices(playerId: string): Promise<LightningInvoice[]>;
  abstract invoice(id: string): Promise<(LightningInvoice & { playerId: string }) | null>;
  /** Opened invoices (only those expired before `expiredBefore` when given). */
  abstract openInvoices(expiredBefore?: Date, limit?: number): Promise<{ id: string; playerId: string }[]>;
  /** Whether the payment hash is one of our own Lightning invoices (any player's, in any state). */
  abstract isOwnInvoice(paymentHash: string): Promise<boolean>;
}
