import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link';
import { formatPhoneNumber, PhoneVerifyForm } from '@/components/phone-verify/phone-verify-form';
import { useCurrentPlayer } from '@/lib/current-player';
import { useDocumentTitle } from '@/lib/document-title';
import styles from './phone.module.css';

/** `/phone-verify`: the same flow as the dialog, as a page. */
export function Component() {
  const { t } = useTranslation();
  const { player } = useCurrentPlayer();
  const [justVerified, setJustVerified] = useState(false);
  const number = player?.verifiedPhoneNumber;
  useDocumentTitle(t('phone.pageTitle'));

  return (
    <div className={styles.page}>
      <div className={`panel ${styles.card}`}>
        <h1 className={styles.title}>{t('phone.pageTitle')}</h1>
        {number || justVerified ? (
          <div className={styles.done} data-testid="phone-page-verified">
            <p className={styles.lead}>{number ? t('phone.alreadyVerified', { number: formatPhoneNumber(number) }) : t('phone.verified')}</p>
            <div className={styles.actions}>
              <LocalizedLink to="/deposit" className="btn btn-primary">
                {t('phone.goDeposit')}
              </LocalizedLink>
              <LocalizedLink to="/game" className="btn btn-ghost">
                {t('phone.goPlay')}
              </LocalizedLink>
            </div>
          </div>
        ) : (
          <>
            <p className={styles.lead}>{t('phone.pageLead')}</p>
            <p className={styles.intro}>{t('phone.intro')}</p>
            <PhoneVerifyForm onVerified={() => setJustVerified(true)} />
          </>
        )}
      </div>
    </div>
  );
}
