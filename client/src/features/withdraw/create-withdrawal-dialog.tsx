import { MIN_BITCOIN_WITHDRAWAL } from '@bahati/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys, TFunction } from 'i18next';
import { AmountInput, parseAmount } from '@/components/amount/amount-input';
import { SatsAmount, useSatsFormat } from '@/components/amount/sats-amount';
import { Dialog } from '@/components/dialog/dialog';
import { newUuid } from '@/components/format/format';
import { PhoneChallengeDismissed, runWithPhoneChallenge } from '@/components/phone-verify/phone-challenge';
import { apiErrorCode, apiErrorMessage } from '@/lib/api';
import { useRequestWithdrawalMutation } from './withdraw-api';
import styles from './withdraw.module.css';

type Method = 'lightning' | 'bitcoin';
type Field = 'amount' | 'target' | 'form';
/** A message of this dialog's own (`key`), or the catalogs' words for a server error (`text`). */
type FormError = { field: Field; key: ParseKeys } | { field: Field; text: string };
/** What the confirmation step shows and then sends. */
interface Checked {
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

/**
 * The withdrawal dialog, in two steps: the form (method, amount, destination), checked here, then a
 * confirmation of exactly what will be sent — amount, method, destination, the bank after it and who pays the
 * network fee (spec §9: the house) — and only "Confirm" sends it. With a bonus offer open, the confirmation
 * says that the request ends it.
 */
export function CreateWithdrawalDialog({
  open,
  bank,
  offerOpen = false,
  phoneVerified,
  onClose,
  onCreated,
  onLocked,
}: {
  open: boolean;
  bank: number;
  /** A bonus offer is still open: requesting a withdrawal makes it lapse. */
  offerOpen?: boolean;
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
  const [review, setReview] = useState<Checked | null>(null);
  const [requestWithdrawal, { isLoading }] = useRequestWithdrawalMutation();
  // One key per submission of these values: a double click or a retry records a single request.
  const idempotencyKey = useRef(newUuid());
  const submitting = useRef(false);
  const amountRef = useRef<HTMLInputElement>(null);
  const targetRef = useRef<HTMLTextAreaElement & HTMLInputElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    setMethod('lightning');
    setAmount('');
    setTarget('');
    setError(null);
    setReview(null);
    idempotencyKey.current = newUuid();
  }, [open]);

  useEffect(() => {
    if (review) confirmRef.current?.focus();
  }, [review]);

  const changed = () => {
    idempotencyKey.current = newUuid();
    setError(null);
  };

  const focusField = (field: Field) => {
    // After the confirmation step the form is back on screen only at the next render.
    requestAnimationFrame(() => (field === 'amount' ? amountRef.current : field === 'target' ? targetRef.current : null)?.focus());
  };

  function onReview(event: FormEvent) {
    event.preventDefault();
    if (submitting.current) return;
    const checked = validateWithdrawal(method, amount, target.trim(), bank);
    if ('field' in checked) {
      setError(checked);
      focusField(checked.field);
      return;
    }
    setError(null);
    setReview(checked);
  }

  async function onConfirm() {
    if (!review || submitting.current) return;
    submitting.current = true;
    const body = review.method === 'lightning' ? { amount: review.sats, paymentRequest: review.target } : { amount: review.sats, address: review.target };
    try {
      await runWithPhoneChallenge(() => requestWithdrawal({ body, idempotencyKey: idempotencyKey.current }).unwrap(), {
        verified: phoneVerified,
      });
      onCreated(review.sats);
    } catch (failure) {
      const mapped: FormError | 'locked' =
        failure instanceof PhoneChallengeDismissed ? { field: 'form', key: 'withdraw.errors.phoneRequired' } : serverError(t, failure, review.method);
      if (mapped === 'locked') {
        onLocked();
        return;
      }
      // Back to the form, with the refusal beside what it is about.
      setReview(null);
      setError(mapped);
      focusField(mapped.field);
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
  // A refused text is shown by the amount field itself; other amount errors go in its note.
  const amountError = error?.field === 'amount' && !('key' in error && error.key.startsWith('amount.problems.')) ? message(error) : null;

  if (review) {
    return (
      <Dialog
        open={open}
        onClose={onClose}
        dismissible={!isLoading}
        title={t('withdraw.confirm.title')}
        description={t('withdraw.confirm.intro')}
        testId="withdraw-dialog"
        footer={
          <>
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                setReview(null);
                focusField('amount');
              }}
              disabled={isLoading}
            >
              {t('withdraw.confirm.back')}
            </button>
            <button ref={confirmRef} type="button" className="btn btn-primary" onClick={() => void onConfirm()} disabled={isLoading} data-testid="withdraw-confirm">
              {isLoading ? t('withdraw.dialog.submitting') : t('withdraw.confirm.submit')}
            </button>
          </>
        }
      >
        <div className={styles.review} data-testid="withdraw-review" aria-busy={isLoading}>
          <dl className={styles.reviewList}>
            <div>
              <dt>{t('withdraw.confirm.amount')}</dt>
              <dd data-testid="withdraw-review-amount">
                <SatsAmount sats={review.sats} size="lg" />
              </dd>
            </div>
            <div>
              <dt>{t('withdraw.confirm.method')}</dt>
              <dd>{t(`withdraw.method.${review.method}`)}</dd>
            </div>
            <div>
              <dt>{review.method === 'lightning' ? t('withdraw.dialog.paymentRequest') : t('withdraw.dialog.address')}</dt>
              <dd>
                <code className={styles.reviewTarget} data-testid="withdraw-review-target">
                  {review.target}
                </code>
              </dd>
            </div>
            <div>
              <dt>{t('withdraw.confirm.bankAfter')}</dt>
              <dd data-testid="withdraw-review-bank">
                <SatsAmount sats={Math.max(bank - review.sats, 0)} />
              </dd>
            </div>
          </dl>
          <p className={styles.feeNote} data-testid="withdraw-fee-note">
            <span className={styles.feeIcon} aria-hidden="true">
              <svg viewBox="0 0 24 24" width="18" height="18">
                <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
                <path d="M12 11v6M12 7.5v.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </span>
            <span>
              {t('withdraw.confirm.fees', { amount: format.sats(review.sats) })} {t('withdraw.confirm.review')}
            </span>
          </p>
          {offerOpen ? (
            <p className={styles.offerNote} data-testid="withdraw-offer-note">
              {t('withdraw.confirm.offerLapses')}
            </p>
          ) : null}
        </div>
      </Dialog>
    );
  }

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
            {t('withdraw.dialog.submit')}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} className={styles.form} onSubmit={onReview} noValidate>
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
          <AmountInput
            id={`${id}-amount`}
            ref={amountRef}
            text={amount}
            onText={(text) => {
              setAmount(text);
              changed();
            }}
            hint={t('withdraw.dialog.available', { amount: format.sats(bank) })}
            error={amountError}
            addon={
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => {
                  setAmount(format.sats(bank));
                  changed();
                }}
                disabled={bank <= 0}
              >
                {t('withdraw.dialog.max')}
              </button>
            }
          />
        </div>

        <div className="field">
          <label htmlFor={`${id}-target`}>{method === 'lightning' ? t('withdraw.dialog.paymentRequest') : t('withdraw.dialog.address')}</label>
          {method === 'lightning' ? (
            <textarea
              id={`${id}-target`}
              ref={targetRef}
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
              ref={targetRef}
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
