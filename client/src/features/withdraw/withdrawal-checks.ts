import { MIN_BITCOIN_WITHDRAWAL } from '@bahati/contracts';
import type { ParseKeys, TFunction } from 'i18next';
import { parseAmount } from '@/components/amount/amount-input';
import { apiErrorCode, apiErrorDetail, apiErrorMessage } from '@/lib/api';
import { checkPaymentRequest, isBitcoinAddress, type BitcoinNetwork } from './payout-target';

export type Method = 'lightning' | 'bitcoin';
export type Field = 'amount' | 'target' | 'form';
/**
 * A message of this dialog's own (`key`, quoting `sats` amounts), or the catalogs' words for a server error
 * with its detail (`text`).
 */
export type FormError = { field: Field; key: ParseKeys; sats?: Record<string, number> } | { field: Field; text: string };
/** What the confirmation step shows and then sends. */
export interface Checked {
  method: Method;
  sats: number;
  target: string;
}

/**
 * Spec §5: client-side checks before anything is sent. `amount` is the field's text: a refused text (a decimal
 * point, a minus sign, an exponent…) is never read as a number.
 */
export function validateWithdrawal(method: Method, amount: string, target: string, bank: number, network?: BitcoinNetwork): FormError | Checked {
  const parsed = parseAmount(amount);
  if ('problem' in parsed) return { field: 'amount', key: `amount.problems.${parsed.problem}` };
  const sats = parsed.value;
  if (sats === null || sats <= 0) return { field: 'amount', key: 'withdraw.errors.invalidAmount' };
  if (sats > bank) return { field: 'amount', key: 'withdraw.errors.bankTooLow' };
  if (method === 'lightning') {
    if (target.length < 10 || !target.toLowerCase().startsWith('ln')) return { field: 'target', key: 'withdraw.errors.invalidPaymentRequest' };
    const request = network ? checkPaymentRequest(target, network) : ({ ok: true, sats: null } as const);
    if (!request.ok) return { field: 'target', key: request.problem === 'network' ? 'withdraw.errors.otherNetwork' : 'withdraw.errors.invalidPaymentRequest' };
    if (request.sats !== null && request.sats !== sats) {
      return { field: 'target', key: 'errors.InvalidPaymentRequest_AmountMismatch', sats: { requested: request.sats, amount: sats } };
    }
  } else {
    if (sats < MIN_BITCOIN_WITHDRAWAL) return { field: 'amount', key: 'withdraw.errors.minimumBitcoin' };
    if (target.length < 10 || (network && !isBitcoinAddress(target, network))) return { field: 'target', key: 'withdraw.errors.invalidAddress' };
  }
  return { method, sats, target };
}

/** A refusal of a field's code: the dialog's own words, or the shared words with the server's detail when it gave one. */
const fieldError = (t: TFunction, error: unknown, field: Field, key: ParseKeys): FormError =>
  apiErrorDetail(error) ? { field, text: apiErrorMessage(t, error) ?? t(key) } : { field, key };

/** Spec §8 "Withdraw": the codes that belong to a field; the rest read as the catalogs' `errors.<Code>`. */
export function serverError(t: TFunction, error: unknown, method: Method): FormError | 'locked' {
  switch (apiErrorCode(error)) {
    case 'PlaythroughRequirementNotMet':
      return 'locked';
    case 'BankTooLow':
      return fieldError(t, error, 'amount', 'withdraw.errors.bankTooLow');
    case 'InvalidAddress':
      return fieldError(t, error, 'target', 'withdraw.errors.invalidAddress');
    case 'InvalidPaymentRequest':
      return fieldError(t, error, 'target', 'withdraw.errors.invalidPaymentRequest');
    case 'PaymentRequestAlreadyExists':
      return { field: 'target', key: 'withdraw.errors.paymentRequestExists' };
    case 'InvalidAmount':
    case 'ValidationFailed':
      return { field: 'amount', key: method === 'bitcoin' ? 'withdraw.errors.minimumBitcoin' : 'withdraw.errors.invalidAmount' };
    default: {
      const text = apiErrorMessage(t, error);
      if (text) return { field: 'form', text };
      console.error('Withdrawal failed', error);
      return { field: 'form', key: 'withdraw.errors.generic' };
    }
  }
}
