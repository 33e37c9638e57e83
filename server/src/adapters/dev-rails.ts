import { createHash, randomBytes } from 'node:crypto';
import * as bolt11 from 'bolt11';
import { payments } from 'bitcoinjs-lib';
import { type BitcoinNetworkName, bitcoinNetwork } from './bitcoin/addresses';
import type { DevChain } from './bitcoin/dev-chain';
import { BOLT11_NETWORKS, type DevLightningNode } from './lightning/dev-lightning-node';
import type { LoggingPhoneVerifier } from './phone/phone-verifier';

/** The local stand-ins in use, which the development rails (`/api/dev/*`) drive; null where a real service is configured. */
export class DevRails {
  readonly outside: OutsideWallet;

  constructor(
    readonly phone: LoggingPhoneVerifier | null,
    readonly chain: DevChain | null,
    readonly node: DevLightningNode | null,
    network: BitcoinNetworkName = 'regtest',
  ) {
    this.outside = new OutsideWallet(network);
  }
}

/**
 * A wallet that is not this site's: where a player withdraws to in development. Our own deposit addresses and
 * invoices are refused as withdrawal targets, so the development rails hand out someone else's.
 */
export class OutsideWallet {
  /** Its node key: a Lightning invoice it signs names another payee than our node. */
  private readonly key = randomBytes(32).toString('hex');

  constructor(private readonly network: BitcoinNetworkName) {}

  /** A fresh pay-to-witness-key-hash address of the network. */
  address(): string {
    return payments.p2wpkh({ hash: randomBytes(20), network: bitcoinNetwork(this.network) }).address!;
  }

  /** A BOLT11 invoice for `amount` satoshis, open for an hour. */
  invoice(amount: number): string {
    const encoded = bolt11.encode({
      network: BOLT11_NETWORKS[this.network],
      satoshis: amount,
      timestamp: Math.floor(Date.now() / 1000),
      tags: [
        { tagName: 'payment_hash', data: createHash('sha256').update(randomBytes(32)).digest('hex') },
        { tagName: 'payment_secret', data: randomBytes(32).toString('hex') },
        { tagName: 'description', data: 'a wallet outside Bahati' },
        { tagName: 'expire_time', data: 3600 },
      ],
    });
    return bolt11.sign(encoded, this.key).paymentRequest!;
  }
}
