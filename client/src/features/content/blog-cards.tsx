import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link';
import type { BlogEntry } from '@/content/pages';
import { useFormatLocale } from '@/i18n/use-localized-path';
import styles from './blog-cards.module.css';

/** "12 March 2024" in the reader's language; blog dates are calendar days, so read in UTC. */
export function useBlogDate(): (date: string) => string {
  const locale = useFormatLocale();
  return useCallback(
    (date: string) => {
      const day = new Date(`${date}T00:00:00Z`);
      return Number.isNaN(day.getTime()) ? date : new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(day);
    },
    [locale],
  );
}

/** The blog's articles as cards: picture, date, title, summary and a link (the blog list; "more" under an article). */
export function BlogCards({ entries, compact = false }: { entries: BlogEntry[]; compact?: boolean }) {
  const { t } = useTranslation();
  const formatDate = useBlogDate();
  // Under an article the cards sit below its "More from the blog" heading.
  const Title = compact ? 'h3' : 'h2';
  return (
    <ul className={`${styles.cards} ${compact ? styles.compact : ''}`} data-testid="blog-cards">
      {entries.map(({ path, lang, meta }) => (
        <li key={path} className={styles.card}>
          <LocalizedLink to={`/${path}`} className={styles.link} lang={lang}>
            {meta.image ? <img className={styles.image} src={meta.image} alt="" width={1200} height={630} loading="lazy" /> : null}
            <span className={styles.body}>
              {meta.date ? (
                <time className={styles.date} dateTime={meta.date}>
                  {formatDate(meta.date)}
                </time>
              ) : null}
              <Title className={styles.title}>{meta.title}</Title>
              {compact ? null : <span className={styles.summary}>{meta.summary}</span>}
              <span className={styles.more}>
                {t('pages.readArticle')}{' '}
                <span aria-hidden="true" className={styles.arrow}>
                  →
                </span>
              </span>
            </span>
          </LocalizedLink>
        </li>
      ))}
    </ul>
  );
}
