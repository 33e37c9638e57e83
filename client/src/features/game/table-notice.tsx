import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link';
import type { Notice } from './use-table-notices';
import styles from './game.module.css';

/** The notice over the felt. Information fades by itself (later when it links somewhere); errors and warnings stay. */
export function TableNotice({ notice, onDismiss }: { notice: Notice | null; onDismiss: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!notice || notice.tone === 'error' || notice.tone === 'warning') return;
    const timer = window.setTimeout(onDismiss, notice.link ? 9000 : 5000);
    return () => window.clearTimeout(timer);
  }, [notice, onDismiss]);

  if (!notice) return null;
  return (
    <div
      key={notice.id}
      className={`${styles.notice} ${styles[`notice_${notice.tone}`]}`}
      role={notice.tone === 'error' ? 'alert' : 'status'}
      data-testid="table-notice"
    >
      <span>{notice.text}</span>
      {notice.link ? (
        <LocalizedLink to={notice.link.to} className={styles.noticeLink}>
          {notice.link.label}
        </LocalizedLink>
      ) : null}
      <button type="button" className={styles.noticeClose} onClick={onDismiss} aria-label={t('game.dismiss')}>
        ×
      </button>
    </div>
  );
}
