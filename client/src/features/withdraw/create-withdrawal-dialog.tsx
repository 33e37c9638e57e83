import { MIN_BITCOIN_WITHDRAWAL } from '@bahati/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys, TFunction } from 'i18next';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { Dialog } from '@/components/dialog/dialog';
import { digitsOnly, newUuid } from '@/components/format/format';
import { PhoneChallengeDismissed, runWithPhoneChallenge } from '@/components/phone-verify/phone-challenge';
import { apiErrorCode, apiErrorMessage } from '@/lib/api';
import { useRequestWithdrawalMutation } from './withdraw-api';
import styles from './withdraw.module.css';

type Method = 'lightning' | 'bitcoin';
type Field = 'amount' | 'target' | 'form';
/** A message of this dialog's own (`key`), or the catalogs' words for a server error (`text`). */
type FormError = { field: Field; key: ParseKeys } | { field: Field; text: string };

/** Spec §5: client-side checks before anything is sent. */
export function validateWithdrawal(method: Method, amount: string, target: string, bank: number): FormError | null {
  const sats = Number(amount);
  if (!amount || !Number.isSafeInteger(sats) || sats <= 0) return { field: 'amount', key: 'withdraw.errors.invalidAmount' };
  if (sats > bank) return { field: 'amount', key: 'withdraw.errors.bankTooLow' };
  if (method === 'lightning') {
    if (target.length < 10 || !target.toLowerCase().startsWith('ln')) return { field: 'target', key: 'withdraw.errors.invalidPaymentRequest' };
  } else {
    if (sats < MIN_BITCOIN_WITHDRAWAL) return { field: 'amount', key: 'withdraw.errors.minimumBitcoin' };
    if (target.length < 10) return { field: 'target', key: 'withdraw.errors.invalidAddress' };
  }
  return null;
}

/** Spec §8 "Withdraw": the codes that belong to a field; the rest read as the catalogs' `errors.<Code>`. */
function serverError(t: TFunction, error: unknown, method: Method): FormError | 'locked' {
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

export function CreateWithdrawalDialog({
  open,
  bank,
  phoneVerified,
  onClose,
  onCreated,
  onLocked,
}: {
  open: boolean;
  bank: number;
  phoneVerified: boolean | undefined;
  onClose: () => void;
  onCreated: (amount: number) => void;
  onLocked: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const format = useSatsFormat();
  const [method, setMethod] = useState<Method>('lightning');
  const [amount, setAmount] = useState('');
  const [target, setTarget] = useState('');
  const [error, setError] = useState<FormError | null>(null);
  const [requestWithdrawal, { isLoading }] = useRequestWithdrawalMutation();
  // One key per submission of these values: a double click or a retry records a single request.
  const idempotencyKey = useRef(newUuid());
  const submitting = useRef(false);

  useEffect(() => {
    if (!open) return;
    setMethod('lightning');
    setAmount('');
    setTarget('');
    setError(null);
    idempotencyKey.current = newUuid();
  }, [open]);

  const changed = () => {
    idempotencyKey.current = newUuid();
    setError(null);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting.current) return;
    const trimmed = target.trim();
    const invalid = validateWithdrawal(method, amount, trimmed, bank);
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    submitting.current = true;
    const sats = Number(amount);
    const body = method === 'lightning' ? { amount: sats, paymentRequest: trimmed } : { amount: sats, address: trimmed };
    try {
      await runWithPhoneChallenge(() => requestWithdrawal({ body, idempotencyKey: idempotencyKey.current }).unwrap(), {
        verified: phoneVerified,
      });
      onCreated(sats);
    } catch (failure) {
      if (failure instanceof PhoneChallengeDismissed) {
        setError({ field: 'form', key: 'withdraw.errors.phoneRequired' });
        return;
      }
      const mapped = serverError(t, failure, method);
      if (mapped === 'locked') onLocked();
      else setError(mapped);
    } finally {
      submitting.current = false;
    }
  }

  const message = (e: FormError) => ('text' in e ? e.text : t(e.key, { amount: format.sats(MIN_BITCOIN_WITHDRAWAL) }));
  const fieldError = (field: Field) =>
    error?.field === field ? (
      <span id={`${id}-${field}-error`} className={styles.fieldError} role="alert">
        {message(error)}
      </span>
    ) : null;

  const dollars = amount ? format.dollars(Number(amount)) : null;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      dismissible={!isLoading}
      title={t('withdraw.dialog.title')}
      description={t('withdraw.dialog.intro')}
      testId="withdraw-dialog"
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={isLoading}>
            {t('withdraw.dialog.cancel')}
          </button>
          <button type="submit" form={`${id}-form`} className="btn btn-primary" disabled={isLoading}>
            {isLoading ? t('withdraw.dialog.submitting') : t('withdraw.dialog.submit')}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} className={styles.form} onSubmit={onSubmit} noValidate aria-busy={isLoading}>
        <div className="field">
          <label htmlFor={`${id}-method`}>{t('withdraw.dialog.type')}</label>
          <select
            id={`${id}-method`}
            className="select"
            value={method}
            onChange={(e) => {
              setMethod(e.target.value as Method);
              setTarget('');
              changed();
            }}
          >
            <option value="lightning">{t('withdraw.method.lightning')}</option>
            <option value="bitcoin">{t('withdraw.method.bitcoin')}</option>
          </select>
        </div>

        <div className="field">
          <label htmlFor={`${id}-amount`}>{t('withdraw.dialog.amount')}</label>
          <div className={styles.amountRow}>
            <input
              id={`${id}-amount`}
              className="input"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={amount ? format.sats(Number(amount)) : ''}
              onChange={(e) => {
                setAmount(digitsOnly(e.target.value));
                changed();
              }}
              aria-invalid={error?.field === 'amount'}
              aria-describedby={error?.field === 'amount' ? `${id}-amount-error` : `${id}-amount-hint`}
            />
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => {
                setAmount(String(bank));
                changed();
              }}
              disabled={bank <= 0}
            >
              {t('withdraw.dialog.max')}
            </button>
          </div>
          {fieldError('amount') ?? (
            <span id={`${id}-amount-hint`} className={styles.hint}>
              {dollars ? `≈ ${dollars}${format.fixed ? '*' : ''} · ` : ''}
              {t('withdraw.dialog.available', { amount: format.sats(bank) })}
            </span>
          )}
        </div>

        <div className="field">
          <label htmlFor={`${id}-target`}>{method === 'lightning' ? t('withdraw.dialog.paymentRequest') : t('withdraw.dialog.address')}</label>
          {method === 'lightning' ? (
            <textarea
              id={`${id}-target`}
              className={`input ${styles.textarea}`}
              rows={3}
              spellCheck={false}
              autoCapitalize="off"
              autoComplete="off"
              placeholder={t('withdraw.dialog.paymentRequestPlaceholder')}
              value={target}
              onChange={(e) => {
                setTarget(e.target.value);
                changed();
              }}
              aria-invalid={error?.field === 'target'}
              aria-describedby={error?.field === 'target' ? `${id}-target-error` : `${id}-target-hint`}
            />
          ) : (
            <input
              id={`${id}-target`}
              className="input"
              type="text"
              dir="ltr"
              spellCheck={false}
              autoCapitalize="off"
              autoComplete="off"
              placeholder={t('withdraw.dialog.addressPlaceholder')}
              value={target}
              onChange={(e) => {
                setTarget(e.target.value);
                changed();
              }}
              aria-invalid={error?.field === 'target'}
              aria-describedby={error?.field === 'target' ? `${id}-target-error` : `${id}-target-hint`}
            />
          )}
          {fieldError('target') ?? (
            <span id={`${id}-target-hint`} className={styles.hint}>
              {method === 'lightning' ? t('withdraw.dialog.paymentRequestHint') : t('withdraw.dialog.addressHint', { amount: format.sats(MIN_BITCOIN_WITHDRAWAL) })}
            </span>
          )}
        </div>

        {error?.field === 'form' ? (
          <p className="alert" role="alert">
            {message(error)}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
