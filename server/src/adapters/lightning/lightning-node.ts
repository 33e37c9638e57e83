export interface CreatedInvoice {
  /** The payment hash (hex), which is also the invoice's id. */
  id: string;
  paymentRequest: string;
  paymentHash: string;
  expiresAt: string;
}

export interface InvoiceUpdate {
  id: string;
  status: 'Opened' | 'Settled' | 'Canceled';
  /** Satoshis received (Settled only). */
  amountPaid: number;
}

export interface Payout {
  /** Payment hash (Lightning) or transaction id (on-chain). */
  reference: string;
}

/**
 * Port: the Lightning node (LND in production, a development node otherwise). `pay` and
 * `sendOnChain` are idempotent per `idempotencyKey`: a second call returns the first payout.
 */
export abstract class LightningNode {
  abstract readonly kind: string;
  abstract createInvoice(amount: number, memo: string, expirySeconds: number): Promise<CreatedInvoice>;
  abstract getInvoice(id: string): Promise<InvoiceUpdate | null>;
  /** Calls `onUpdate` for every settled or canceled invoice until the returned function is called. */
  abstract subscribe(onUpdate: (update: InvoiceUpdate) => void): () => void;
  abstract pay(paymentRequest: string, amount: number, idempotencyKey: string): Promise<Payout>;
  abstract sendOnChain(address: string, amount: number, idempotencyKey: string): Promise<Payout>;
}
