import { MIN_BITCOIN_WITHDRAWAL } from '@bahati/contracts';
import type { ParseKeys, TFunction } from 'i18next';
import { parseAmount } from '@/components/amount/amount-input';
import { apiErrorCode, apiErrorMessage } from '@/lib/api';

export type Method = 'lightning' | 'bitcoin';
export type Field = 'amount' | 'target' | 'form';
/** A message of this dialog's own (`key`), or the catalogs' words for a server error (`text`). */
export type FormError = { field: Field; key: ParseKeys } | { field: Field; text: string };
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
export function validateWithdrawal(method: Method, amount: string, target: string, bank: number): FormError | Checked {
  const parsed = parseAmount(amount);
  if ('problem' in parsed) return { field: 'amount', key: `amount.problems.${parsed.problem}` };
  const sats = parsed.value;
  if (sats === null || sats <= 0) return { field: 'amount', key: 'withdraw.errors.invalidAmount' };
  if (sats > bank) return { field: 'amount', key: 'withdraw.errors.bankTooLow' };
  if (method === 'lightning') {
    if (target.length < 10 || !target.toLowerCase().startsWith('ln')) return { field: 'target', key: 'withdraw.errors.invalidPaymentRequest' };
  } else {
    if (sats < MIN_BITCOIN_WITHDRAWAL) return { field: 'amount', key: 'withdraw.errors.minimumBitcoin' };
    if (target.length < 10) return { field: 'target', key: 'withdraw.errors.invalidAddress' };
  }
  return { method, sats, target };
}

/** Spec §8 "Withdraw": the codes that belong to a field; the rest read as the catalogs' `errors.<Code>`. */
export function serverError(t: TFunction, error: unknown, method: Method): FormError | 'locked' {
  switch (apiErrorCode(error)) {
    case 'PlaythroughRequirementNotMet':
      return 'locked';
    case 'BankTooLow':
      return { field: 'amount', key: 'withdraw.errors.bankTooLow' };
    case 'InvalidAddress':
      return { field: 'target', key: 'withdraw.errors.invalidAddress' };
    case 'InvalidPaymentRequest':
      return { field: 'target', key: 'withdraw.errors.invalidPaymentRequest' };
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
