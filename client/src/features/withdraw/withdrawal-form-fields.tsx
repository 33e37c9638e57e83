import { MIN_BITCOIN_WITHDRAWAL } from '@bahati/contracts';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '@/components/amount/amount-input';
import { useSatsFormat } from '@/components/amount/sats-amount';
import type { WithdrawalForm } from './use-withdrawal-form';
import type { Field, Method } from './withdrawal-checks';
import styles from './withdraw.module.css';

/** The withdrawal dialog's first step: the method, the amount (with "max") and the destination, each with its error. */
export function WithdrawalFormFields({ form, bank }: { form: WithdrawalForm; bank: number }) {
  const { t } = useTranslation();
  const format = useSatsFormat();
  const { id, method, amount, target, error, message } = form;
  const fieldError = (field: Field) =>
    error?.field === field ? (
      <span id={`${id}-${field}-error`} className={styles.fieldError} role="alert">
        {message(error)}
      </span>
    ) : null;

  return (
    <form id={`${id}-form`} className={styles.form} onSubmit={form.onReview} noValidate>
      <div className="field">
        <label htmlFor={`${id}-method`}>{t('withdraw.dialog.type')}</label>
        <select
          id={`${id}-method`}
          className="select"
          value={method}
          onChange={(e) => form.onMethod(e.target.value as Method)}
        >
          <option value="lightning">{t('withdraw.method.lightning')}</option>
          <option value="bitcoin">{t('withdraw.method.bitcoin')}</option>
        </select>
      </div>

      <div className="field">
        <label htmlFor={`${id}-amount`}>{t('withdraw.dialog.amount')}</label>
        <AmountInput
          id={`${id}-amount`}
          ref={form.amountRef}
          text={amount}
          onText={form.onAmount}
          hint={t('withdraw.dialog.available', { amount: format.sats(bank) })}
          error={form.amountError}
          addon={
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => form.onAmount(format.sats(bank))}
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
            ref={form.targetRef}
            className={`input ${styles.textarea}`}
            rows={3}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            placeholder={t('withdraw.dialog.paymentRequestPlaceholder')}
            value={target}
            onChange={(e) => form.onTarget(e.target.value)}
            aria-invalid={error?.field === 'target'}
            aria-describedby={error?.field === 'target' ? `${id}-target-error` : `${id}-target-hint`}
          />
        ) : (
          <input
            id={`${id}-target`}
            ref={form.targetRef}
            className="input"
            type="text"
            dir="ltr"
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            placeholder={t('withdraw.dialog.addressPlaceholder')}
            value={target}
            onChange={(e) => form.onTarget(e.target.value)}
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
  );
}
