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
}
