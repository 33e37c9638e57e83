import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import * as bolt11 from 'bolt11';
import type { BitcoinNetworkName } from '../bitcoin/addresses';
import { type CreatedInvoice, type InvoiceUpdate, LightningNode, type NodeBalances, type Payout } from '../../application/ports/money';

export const BOLT11_NETWORKS: Record<BitcoinNetworkName, { bech32: string; pubKeyHash: number; scriptHash: number; validWitnessVersions: number[] }> = {
  mainnet: { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, validWitnessVersions: [0, 1] },
  testnet: { bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, validWitnessVersions: [0, 1] },
  regtest: { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, validWitnessVersions: [0, 1] },
};

interface DevInvoice {
  id: string;
  amount: number;
  paymentRequest: string;
  expiresAt: string;
  status: InvoiceUpdate['status'];
}

/** A payout the node made, with what it cost (older state files hold the reference only). */
interface DevPayout extends Payout {
  method?: 'lightning' | 'bitcoin';
  amount?: number;
}

interface DevState {
  nodeKey: string;
  invoices: DevInvoice[];
  payouts: Record<string, DevPayout>;
}

/** What the development node opens with, satoshis, on each side (its channels and its wallet), so payouts have funds. */
export const DEV_NODE_FLOAT = 10_000_000;

export class UnknownInvoiceError extends Error {}

/**
 * The development Lightning node: real BOLT11 invoices signed by a node key kept under DATA_DIR,
 * settled by the dev rail instead of a payment, and payouts recorded instead of sent.
 */
export class DevLightningNode extends LightningNode {
  readonly kind = 'development node';
  private readonly state: DevState;
  private readonly listeners = new Set<(u: InvoiceUpdate) => void>();
  /** Payouts still to refuse (the dev rail's way to show a failed payout), and why. */
  private refusals: { count: number; reason: string } = { count: 0, reason: '' };

  constructor(
    private readonly file: string | null,
    private readonly network: BitcoinNetworkName,
    private readonly now: () => Date = () => new Date(),
  ) {
    super();
    this.state = file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as DevState) : { nodeKey: randomNodeKey(), invoices: [], payouts: {} };
    this.save();
  }

  async createInvoice(amount: number, memo: string, expirySeconds: number): Promise<CreatedInvoice> {
    const preimage = randomBytes(32);
    const paymentHash = createHash('sha256').update(preimage).digest('hex');
    const timestamp = Math.floor(this.now().getTime() / 1000);
    const encoded = bolt11.encode({
      network: BOLT11_NETWORKS[this.network],
      satoshis: amount,
      timestamp,
      tags: [
        { tagName: 'payment_hash', data: paymentHash },
        { tagName: 'payment_secret', data: randomBytes(32).toString('hex') },
        { tagName: 'description', data: memo },
        { tagName: 'expire_time', data: expirySeconds },
      ],
    });
    const paymentRequest = bolt11.sign(encoded, this.state.nodeKey).paymentRequest!;
    const expiresAt = new Date((timestamp + expirySeconds) * 1000).toISOString();
    this.state.invoices.push({ id: paymentHash, amount, paymentRequest, expiresAt, status: 'Opened' });
    this.save();
    return { id: paymentHash, paymentRequest, paymentHash, expiresAt };
  }

  async getInvoice(id: string): Promise<InvoiceUpdate | null> {
    const inv = this.state.invoices.find((i) => i.id === id);
    if (!inv) return null;
    if (inv.status === 'Opened' && Date.parse(inv.expiresAt) <= this.now().getTime()) inv.status = 'Canceled';
    return { id, status: inv.status, amountPaid: inv.status === 'Settled' ? inv.amount : 0 };
  }

  subscribe(onUpdate: (update: InvoiceUpdate) => void): () => void {
    this.listeners.add(onUpdate);
    return () => this.listeners.delete(onUpdate);
  }

  /** The dev rail: "pays" an open invoice of this node. */
  settle(paymentRequest: string): InvoiceUpdate {
    const inv = this.state.invoices.find((i) => i.paymentRequest === paymentRequest);
    if (!inv) throw new UnknownInvoiceError('No invoice of this node has that payment request.');
    if (inv.status === 'Opened' && Date.parse(inv.expiresAt) <= this.now().getTime()) throw new UnknownInvoiceError('That invoice has expired.');
    if (inv.status === 'Opened') {
      inv.status = 'Settled';
      this.save();
    }
    const update: InvoiceUpdate = { id: inv.id, status: inv.status, amountPaid: inv.status === 'Settled' ? inv.amount : 0 };
    for (const l of this.listeners) l(update);
    return update;
  }

  async pay(paymentRequest: string, amount: number, idempotencyKey: string): Promise<Payout> {
    const reference = bolt11.decode(paymentRequest).tagsObject.payment_hash ?? createHash('sha256').update(paymentRequest).digest('hex');
    return this.record(idempotencyKey, { reference, method: 'lightning', amount });
  }

  async sendOnChain(_address: string, amount: number, idempotencyKey: string): Promise<Payout> {
    return this.record(idempotencyKey, { reference: createHash('sha256').update(randomBytes(32)).digest('hex'), method: 'bitcoin', amount });
  }

  async payoutMade(_method: 'lightning' | 'bitcoin', _target: string, idempotencyKey: string): Promise<'made' | 'inFlight' | 'notMade'> {
    return this.state.payouts[idempotencyKey] ? 'made' : 'notMade';
  }

  /** The float on each side, plus settled invoices on the channels, less what was paid out of each. */
  async balances(): Promise<NodeBalances> {
    const settled = this.state.invoices.filter((i) => i.status === 'Settled').reduce((sum, i) => sum + i.amount, 0);
    const paid = (method: DevPayout['method']) => Object.values(this.state.payouts).reduce((sum, p) => sum + (p.method === method ? (p.amount ?? 0) : 0), 0);
    return { channels: DEV_NODE_FLOAT + settled - paid('lightning'), wallet: DEV_NODE_FLOAT - paid('bitcoin') };
  }

  /** The next `count` payouts not made yet fail with `reason`; one already made is still answered as made. */
  refuseNextPayouts(count: number, reason: string): void {
    this.refusals = { count, reason };
  }

  /** Payouts made, by idempotency key (for tests and the dev banner). */
  get payouts(): Readonly<Record<string, Payout>> {
    return this.state.payouts;
  }

  private record(key: string, payout: DevPayout): Payout {
    const existing = this.state.payouts[key];
    if (existing) return { reference: existing.reference };
    if (this.refusals.count > 0) {
      this.refusals.count--;
      throw new Error(this.refusals.reason);
    }
    this.state.payouts[key] = payout;
    this.save();
    return { reference: payout.reference };
  }

  private save() {
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(`${this.file}.tmp`, JSON.stringify(this.state), { mode: 0o600 });
    renameSync(`${this.file}.tmp`, this.file);
  }
}

function randomNodeKey(): string {
  for (;;) {
    const key = randomBytes(32);
    // Below the curve order with overwhelming probability; a zero key is the only other invalid case.
    if (!key.equals(Buffer.alloc(32))) return key.toString('hex');
  }
}
