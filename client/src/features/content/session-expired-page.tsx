import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link';
import styles from './money-content.module.css';

/**
 * Spec "Other pages": the session-expired page, three lines. A 401 while playing lands on the sign-in page,
 * which shows the same three lines above the sign-in button (spec §2: authentication is the target of 401s);
 * this is the page of its own, for a link to it.
 */
export function Component() {
  const { t } = useTranslation();

  useEffect(() => {
    document.title = `${t('pages.sessionExpired.title')} · ${t('common.brand')}`;
  }, [t]);

  return (
    <div className={styles.narrow}>
      <div className={`panel ${styles.card}`} data-testid="session-expired-page">
        <div className={styles.globe} aria-hidden="true">
          <svg viewBox="0 0 48 48" width="56" height="56">
            <circle cx="24" cy="26" r="17" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M24 15v11l7 5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
            <path d="M19 5h10" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
        </div>
        <h1 className={styles.title}>{t('pages.sessionExpired.title')}</h1>
        <ul className={styles.list} data-testid="session-ended">
          <li>
            <strong>{t('auth.sessionEnded.signInAgain')}</strong>
          </li>
          <li>{t('auth.sessionEnded.notRecorded')}</li>
          <li>{t('auth.sessionEnded.handResumes')}</li>
        </ul>
        <div className={styles.actions}>
          <LocalizedLink to="/authentication" className="btn btn-primary">
            {t('pages.sessionExpired.signIn')}
          </LocalizedLink>
          <LocalizedLink to="/" className="btn btn-ghost">
            {t('common.backHome')}
          </LocalizedLink>
        </div>
      </div>
    </div>
  );
}
