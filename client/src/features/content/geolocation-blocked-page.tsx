import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link';
import { useDocumentTitle } from '@/lib/document-title';
import styles from './money-content.module.css';

/** Where a sign-in from a blocked region lands (spec §4, BlockedByGeolocation). */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('geoBlocked.title'));
  return (
    <div className={styles.narrow}>
      <div className={`panel ${styles.card}`}>
        <div className={styles.globe} aria-hidden="true">
          <svg viewBox="0 0 48 48" width="56" height="56">
            <circle cx="24" cy="24" r="18" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M6 24h36M24 6c5 5 7.5 11 7.5 18S29 37 24 42M24 6c-5 5-7.5 11-7.5 18S19 37 24 42" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M11 11l26 26" stroke="var(--danger)" strokeWidth="3" strokeLinecap="round" />
          </svg>
        </div>
        <h1 className={styles.title}>{t('geoBlocked.title')}</h1>
        <p className={styles.lead}>{t('geoBlocked.lead')}</p>
        <h2 className={styles.h2}>{t('geoBlocked.why')}</h2>
        <p>{t('geoBlocked.whyText')}</p>
        <p className={styles.note}>{t('geoBlocked.vpn')}</p>
        <h2 className={styles.h2}>{t('geoBlocked.funds')}</h2>
        <p>{t('geoBlocked.fundsText')}</p>
        <div className={styles.actions}>
          <LocalizedLink to="/bahati-contact-information" className="btn btn-primary">
            {t('geoBlocked.contact')}
          </LocalizedLink>
          <LocalizedLink to="/" className="btn btn-ghost">
            {t('geoBlocked.home')}
          </LocalizedLink>
        </div>
        <p className={styles.small}>
          <LocalizedLink to="/responsible-gaming-practices">{t('geoBlocked.responsible')}</LocalizedLink>
        </p>
      </div>
    </div>
  );
}
