import { useTranslation } from 'react-i18next';
import styles from './error-panel.module.css';

/** A code-split chunk that no longer exists (a new release) only comes back with a reload. */
function needsReload(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(message);
}

/** The friendly replacement for anything that failed to render: never a blank screen. */
export function ErrorPanel({ error, onRetry }: { error?: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const reload = !onRetry || needsReload(error);
  return (
    <div className={styles.wrap} role="alert">
      <div className={`panel ${styles.panel}`}>
        <div className={styles.icon} aria-hidden="true">
          ♠
        </div>
        <h1 className={styles.title}>{t('errors.title')}</h1>
        <p className={styles.text}>{t('errors.text')}</p>
        <div className={styles.actions}>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => (reload ? window.location.reload() : onRetry?.())}
          >
            {reload ? t('errors.reload') : t('common.retry')}
          </button>
        </div>
      </div>
    </div>
  );
}
