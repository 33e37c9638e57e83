import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { isLanguageCode } from '@/i18n/languages';
import { LocalizedLink } from '@/components/localized-link';
import styles from './not-found.module.css';

/** A first segment shaped like a language tag (`it`, `pt-BR`) that is not one of ours. */
const LANGUAGE_TAG = /^[a-z]{2,3}(-[a-z0-9]{2,8})?$/i;

/** `/it/rules` shows the English page: a language we do not offer is not a missing page. */
function withoutUnknownLanguage(pathname: string): string | null {
  const [, first = '', ...rest] = pathname.split('/');
  if (!LANGUAGE_TAG.test(first) || isLanguageCode(first)) return null;
  return `/${rest.join('/')}`;
}

export function NotFoundPage() {
  const location = useLocation();
  const english = withoutUnknownLanguage(location.pathname);
  return english === null ? <PageNotFound /> : <Navigate to={{ ...location, pathname: english }} replace />;
}

function PageNotFound() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('content.notFound.title')} · ${t('common.brand')}`;
  }, [t]);
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <div className={styles.cards} aria-hidden="true">
        <span className={styles.card}>4</span>
        <span className={`${styles.card} ${styles.cardBack}`} />
        <span className={styles.card}>4</span>
      </div>
      <h1 id="not-found-title" className={styles.title}>
        {t('content.notFound.title')}
      </h1>
      <p className={styles.text}>{t('content.notFound.text')}</p>
      <LocalizedLink to="/" className="btn btn-primary btn-lg">
        {t('common.backHome')}
      </LocalizedLink>
    </section>
  );
}

export { NotFoundPage as Component };
