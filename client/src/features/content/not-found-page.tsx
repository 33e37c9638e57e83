import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link';
import styles from './not-found.module.css';

export function NotFoundPage() {
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
