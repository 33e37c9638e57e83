import { PayoutTargets } from '../../application/ports/money';
import { DomainError } from '../../domain/decider';
import { checkPaymentRequest } from '../lightning/payment-request';
import { bitcoinNetwork, type BitcoinNetworkName, isValidAddress } from './addresses';

/** Withdrawal targets of one network: its addresses (bitcoinjs-lib) and its BOLT11 payment requests. */
export class NetworkPayoutTargets extends PayoutTargets {
  constructor(private readonly network: BitcoinNetworkName) {
    super();
  }

  checkAddress(address: string): void {
    if (address.length < 10 || !isValidAddress(address, bitcoinNetwork(this.network))) {
      throw new DomainError('InvalidAddress', `That is not a valid ${this.network} Bitcoin address.`);
    }
  }

  checkPaymentRequest(paymentRequest: string, amount: number, now: Date): { paymentHash: string } {
    return checkPaymentRequest(paymentRequest, { network: this.network, amount, now });
  }

  destinationOf(method: 'lightning' | 'bitcoin', target: string): string {
    const text = target.trim();
    // A payment request is new for every withdrawal, and its payee node is often a custodial wallet shared by
    // thousands of strangers: only an address says that two players are paid to one wallet.
    if (method === 'lightning') return `ln:${text.toLowerCase().replace(/^lightning:/, '')}`;
    return /^(bc|tb|bcrt)1/i.test(text) ? text.toLowerCase() : text;
  }
}
