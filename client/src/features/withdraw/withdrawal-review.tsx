import { useTranslation } from 'react-i18next';
import { SatsAmount, useSatsFormat } from '@/components/amount/sats-amount';
import type { Checked } from './withdrawal-checks';
import styles from './withdraw.module.css';

/**
 * The withdrawal dialog's confirmation step: exactly what will be sent — amount, method, destination, the bank
 * after it — who pays the network fee and, with a bonus offer open, that the request ends it.
 */
export function WithdrawalReview({ review, bank, offerOpen, busy }: { review: Checked; bank: number; offerOpen: boolean; busy: boolean }) {
  const { t } = useTranslation();
  const format = useSatsFormat();
  return (
    <div className={styles.review} data-testid="withdraw-review" aria-busy={busy}>
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
  );
}
