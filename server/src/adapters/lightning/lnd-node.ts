import { Logger } from '@nestjs/common';
import * as ln from 'ln-service';
import { type CreatedInvoice, type InvoiceUpdate, LightningNode, type NodeBalances, type Payout } from '../../application/ports/money';

export interface LndSettings {
  /** host:port of LND's gRPC interface. */
  socket: string;
  /** Admin macaroon, hex or base64. */
  macaroon: string;
  /** LND's TLS certificate, base64 or hex (optional when LND's certificate is publicly trusted). */
  cert?: string;
  /** Routing fee limit for payouts, satoshis. */
  maxFee?: number;
}

/**
 * ln-service's `[status, code, {err}]` in a line: the status, the code and the gRPC details, never the
 * whole object (its gRPC metadata and call options are not for a log).
 */
export function describeLndError(err: unknown): string {
  if (!Array.isArray(err)) return err instanceof Error ? err.message : String(err);
  const [status, code, extra] = err as [unknown, unknown, { err?: { details?: unknown } } | undefined];
  const details = extra?.err?.details;
  return [status, code, typeof details === 'string' ? details : undefined].filter((part) => part !== undefined).join(' ');
}

const statusOf = (i: { is_confirmed: boolean; is_canceled?: boolean }): InvoiceUpdate['status'] => (i.is_confirmed ? 'Settled' : i.is_canceled ? 'Canceled' : 'Opened');

/** LND through ln-service. Invoice ids are payment hashes. */
export class LndLightningNode extends LightningNode {
  readonly kind = 'lnd';
  private readonly lnd: object;
  private readonly logger = new Logger('LND');

  constructor(private readonly settings: LndSettings) {
    super();
    this.lnd = ln.authenticatedLndGrpc({ socket: settings.socket, macaroon: settings.macaroon, ...(settings.cert ? { cert: settings.cert } : {}) }).lnd;
  }

  async createInvoice(amount: number, memo: string, expirySeconds: number): Promise<CreatedInvoice> {
    const expiresAt = new Date(Date.now() + expirySeconds * 1000).toISOString();
    const inv = await ln.createInvoice({ lnd: this.lnd, tokens: amount, description: memo, expires_at: expiresAt });
    return { id: inv.id, paymentRequest: inv.request, paymentHash: inv.id, expiresAt };
  }

  async getInvoice(id: string): Promise<InvoiceUpdate | null> {
    try {
      const inv = await ln.getInvoice({ lnd: this.lnd, id });
      return { id, status: statusOf(inv), amountPaid: inv.is_confirmed ? inv.received : 0 };
    } catch (err) {
      if (Array.isArray(err) && err[0] === 404) return null;
      throw err;
    }
  }

  /** Resubscribes after an error or an LND restart; settlements missed meanwhile are found by the periodic reconciliation. */
  subscribe(onUpdate: (update: InvoiceUpdate) => void): () => void {
    let stopped = false;
    let current: import('node:events').EventEmitter | null = null;
    let retry: NodeJS.Timeout | null = null;
    const start = () => {
      if (stopped) return;
      current = ln.subscribeToInvoices({ lnd: this.lnd });
      current.on('invoice_updated', (inv: { id: string; is_confirmed: boolean; is_canceled?: boolean; received: number }) => {
        const status = statusOf(inv);
        if (status !== 'Opened') onUpdate({ id: inv.id, status, amountPaid: inv.is_confirmed ? inv.received : 0 });
      });
      current.on('error', (err: unknown) => {
        this.logger.warn(`Invoice subscription failed (${describeLndError(err)}); resubscribing in 5 s`);
        current?.removeAllListeners();
        current = null;
        retry = setTimeout(start, 5000);
        retry.unref();
      });
    };
    start();
    return () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      current?.removeAllListeners();
    };
  }

  /** LND keeps one payment per payment hash: an earlier attempt is returned instead of paying again. */
  async pay(paymentRequest: string, amount: number, _idempotencyKey: string): Promise<Payout> {
    const decoded = await ln.decodePaymentRequest({ lnd: this.lnd, request: paymentRequest });
    const existing = await ln.getPayment({ lnd: this.lnd, id: decoded.id }).catch(() => null);
    if (existing?.is_confirmed) return { reference: decoded.id };
    if (existing?.is_pending) throw new Error('The payment is still in flight; approve again later to record it.');
    const paid = await ln.payViaPaymentRequest({
      lnd: this.lnd,
      request: paymentRequest,
      ...(decoded.tokens ? {} : { tokens: amount }),
      max_fee: this.settings.maxFee ?? Math.max(10, Math.ceil(amount * 0.01)),
    });
    return { reference: paid.id };
  }

  /** The on-chain send carries the idempotency key as its label; a send already labelled so is not repeated. */
  async sendOnChain(address: string, amount: number, idempotencyKey: string): Promise<Payout> {
    const label = `bahati-withdrawal:${idempotencyKey}`;
    const { transactions } = await ln.getChainTransactions({ lnd: this.lnd });
    const earlier = transactions.find((t) => t.description === label);
    if (earlier) return { reference: earlier.id };
    const sent = await ln.sendToChainAddress({ lnd: this.lnd, address, tokens: amount, description: label });
    return { reference: sent.id };
  }

  /** A Lightning payout by its payment hash (LND keeps one payment per hash); an on-chain one by its label. */
  async payoutMade(method: 'lightning' | 'bitcoin', target: string, idempotencyKey: string): Promise<'made' | 'inFlight' | 'notMade'> {
    if (method === 'bitcoin') {
      const { transactions } = await ln.getChainTransactions({ lnd: this.lnd });
      return transactions.some((t) => t.description === `bahati-withdrawal:${idempotencyKey}`) ? 'made' : 'notMade';
    }
    const decoded = await ln.decodePaymentRequest({ lnd: this.lnd, request: target });
    const payment = await ln.getPayment({ lnd: this.lnd, id: decoded.id }).catch(() => null);
    return payment?.is_confirmed ? 'made' : payment?.is_pending ? 'inFlight' : 'notMade';
  }

  /** Our side of the open channels and the confirmed on-chain wallet. */
  async balances(): Promise<NodeBalances> {
    const [channels, chain] = await Promise.all([ln.getChannelBalance({ lnd: this.lnd }), ln.getChainBalance({ lnd: this.lnd })]);
    return { channels: channels.channel_balance, wallet: chain.chain_balance };
  }
}
