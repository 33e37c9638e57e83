import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SatsAmount } from '@/components/amount/sats-amount';
import { LocalizedLink } from '@/components/localized-link';
import { useGetBankQuery } from '@/lib/api';
import { useCurrentPlayer } from '@/lib/current-player';
import styles from './money-content.module.css';

/** Spec "Other pages": the suspension page a banned player lands on (sign-in, or a refused action). */
export function Component() {
  const { t } = useTranslation();
  const { isSignedIn } = useCurrentPlayer();
  const { data: bank } = useGetBankQuery(undefined, { skip: !isSignedIn });

  useEffect(() => {
    document.title = `${t('suspect.title')} · ${t('common.brand')}`;
  }, [t]);

  return (
    <div className={styles.narrow}>
      <div className={`panel ${styles.card}`} data-testid="suspect-page">
        <div className={styles.globe} aria-hidden="true">
          <svg viewBox="0 0 48 48" width="56" height="56">
            <rect x="11" y="21" width="26" height="19" rx="3" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M16 21v-5a8 8 0 0 1 16 0v5" fill="none" stroke="currentColor" strokeWidth="2" />
            <circle cx="24" cy="30" r="2.5" fill="currentColor" />
            <path d="M24 32.5v3" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </div>
        <h1 className={styles.title}>{t('suspect.title')}</h1>
        <p className={styles.lead}>{t('suspect.lead')}</p>

        <h2 className={styles.h2}>{t('suspect.meansTitle')}</h2>
        <p>{t('suspect.meansText')}</p>

        <h2 className={styles.h2}>{t('suspect.balanceTitle')}</h2>
        <p>{t('suspect.balanceText')}</p>
        {bank !== undefined ? (
          <p className={styles.balance} data-testid="suspect-balance">
            <span className={styles.balanceLabel}>{t('suspect.balance')}</span>
            <SatsAmount sats={bank} />
          </p>
        ) : null}

        <h2 className={styles.h2}>{t('suspect.contactTitle')}</h2>
        <p>{t('suspect.contactText')}</p>
        <div className={styles.actions}>
          <LocalizedLink to="/bahati-contact-information" className="btn btn-primary">
            {t('suspect.contact')}
          </LocalizedLink>
          <LocalizedLink to="/" className="btn btn-ghost">
            {t('suspect.home')}
          </LocalizedLink>
        </div>
      </div>
    </div>
  );
}
