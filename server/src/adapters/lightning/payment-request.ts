import * as bolt11 from 'bolt11';
import { DomainError } from '../../domain/decider';
import type { BitcoinNetworkName } from '../bitcoin/addresses';
import { BOLT11_NETWORKS } from './dev-lightning-node';

export interface CheckedPaymentRequest {
  paymentHash: string;
  /** Satoshis the request asks for, or null for an open amount. */
  amount: number | null;
  expiresAt: Date;
}

const invalid = (why: string) => new DomainError('InvalidPaymentRequest', `Not a valid payment request: ${why}.`);

/**
 * A withdrawal's BOLT11 payment request: signed, for the configured network, not expired, and for the
 * requested amount (or open, in which case the requested amount is paid).
 */
export function checkPaymentRequest(paymentRequest: string, expected: { network: BitcoinNetworkName; amount: number; now: Date }): CheckedPaymentRequest {
  const text = paymentRequest.trim();
  if (text.length < 10 || !/^ln/i.test(text)) throw invalid('a Lightning payment request starts with "ln"');
  let decoded: ReturnType<typeof bolt11.decode>;
  try {
    decoded = bolt11.decode(text.toLowerCase().startsWith('lightning:') ? text.slice(10) : text);
  } catch (err) {
    throw invalid(err instanceof Error ? err.message : 'it does not decode');
  }
  if (decoded.network?.bech32 !== BOLT11_NETWORKS[expected.network].bech32) throw invalid(`it is not for the ${expected.network} network`);
  const paymentHash = decoded.tagsObject.payment_hash;
  if (!paymentHash || !/^[0-9a-f]{64}$/.test(paymentHash)) throw invalid('it has no payment hash');
  const expiresAt = new Date((decoded.timeExpireDate ?? (decoded.timestamp ?? 0) + 3600) * 1000);
  if (expiresAt.getTime() <= expected.now.getTime()) throw invalid('it has expired');
  let amount: number | null = null;
  if (decoded.millisatoshis) {
    const msat = BigInt(decoded.millisatoshis);
    if (msat % 1000n !== 0n) throw invalid('it asks for a fraction of a satoshi');
    amount = Number(msat / 1000n);
  }
  if (amount !== null && amount !== expected.amount) {
    throw new DomainError('InvalidPaymentRequest', `The payment request is for ${amount} satoshis, the withdrawal for ${expected.amount}: the amounts differ.`, {
      reason: 'AmountMismatch', requested: amount, amount: expected.amount,
    });
  }
  return { paymentHash, amount, expiresAt };
}
