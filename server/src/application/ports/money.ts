import type { PhoneVerifyStatus } from '@bahati/contracts';

/*
 * Ports of the money flows. Each has a real adapter (Twilio Verify, Bitcoin Core or Esplora, LND) and
 * a local stand-in for development; `app/money-services.ts` chooses them from the configuration.
 */

/** Sends a one-time code to a phone number (E.164) and checks it. */
export abstract class PhoneVerifier {
  abstract readonly kind: string;
  abstract start(phoneNumber: string): Promise<void>;
  abstract check(phoneNumber: string, code: string): Promise<PhoneVerifyStatus>;
}

/** Receive addresses derived from the watch-only account key, one per derivation index. */
export abstract class DepositAddresses {
  abstract readonly networkName: string;
  abstract address(index: number): string;
}

/** An output paying one of our deposit addresses, as a chain source sees it now. */
export interface ChainOutput {
  txid: string;
  vout: number;
  address: string;
  /** Satoshis. */
  amount: number;
  /** 0 while in the mempool. */
  confirmations: number;
}

/**
 * What the chain says about our deposit addresses. The deposit watcher polls it and records each
 * output; the account decider credits each `txid:vout` once.
 */
export abstract class ChainWatcher {
  abstract readonly kind: string;
  abstract outputsTo(addresses: readonly string[]): Promise<ChainOutput[]>;
  /** The outputs paying `addresses` that are confirmed (≥ 1) and not spent: what those addresses hold now. */
  abstract unspentTo(addresses: readonly string[]): Promise<ChainOutput[]>;
}

/** What the Lightning node holds, satoshis: our side of its open channels and its confirmed on-chain wallet. */
export interface NodeBalances {
  channels: number;
  wallet: number;
}

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
 * The Lightning node (LND in production, a development node otherwise). `pay` and `sendOnChain` are
 * idempotent per `idempotencyKey`: a second call returns the first payout.
 */
export abstract class LightningNode {
  abstract readonly kind: string;
  abstract createInvoice(amount: number, memo: string, expirySeconds: number): Promise<CreatedInvoice>;
  abstract getInvoice(id: string): Promise<InvoiceUpdate | null>;
  /** Calls `onUpdate` for every settled or canceled invoice until the returned function is called. */
  abstract subscribe(onUpdate: (update: InvoiceUpdate) => void): () => void;
  abstract pay(paymentRequest: string, amount: number, idempotencyKey: string): Promise<Payout>;
  abstract sendOnChain(address: string, amount: number, idempotencyKey: string): Promise<Payout>;
  /**
   * Whether the node made a payout of a withdrawal (`idempotencyKey` as in `pay`/`sendOnChain`): `made`, `inFlight`
   * (a Lightning payment not yet settled or failed), or `notMade` (never sent, or failed for good).
   */
  abstract payoutMade(method: 'lightning' | 'bitcoin', target: string, idempotencyKey: string): Promise<'made' | 'inFlight' | 'notMade'>;
  /** What the node holds now (the reserves view). */
  abstract balances(): Promise<NodeBalances>;
}

/** Where a withdrawal may be paid: a Bitcoin address or a BOLT11 payment request of the configured network. */
export abstract class PayoutTargets {
  /** Throws DomainError `InvalidAddress` unless `address` is an address of the network. */
  abstract checkAddress(address: string): void;
  /**
   * Throws DomainError `InvalidPaymentRequest` unless the request is signed, for the network, not
   * expired, and for `amount` (or open); answers its payment hash.
   */
  abstract checkPaymentRequest(paymentRequest: string, amount: number, now: Date): { paymentHash: string };
  /**
   * Who a withdrawal pays, as one comparable key: the address itself (bech32 in lower case); a payment request is
   * its own key (each is new, and its payee node is often a custodial wallet shared by strangers).
   */
  abstract destinationOf(method: 'lightning' | 'bitcoin', target: string): string;
}
