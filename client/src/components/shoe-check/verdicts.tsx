import { useTranslation } from 'react-i18next';
import styles from './shoe-check.module.css';

/** The hash of the typed house seed, and whether it is the hash the shoe committed to. */
export function HashResult({ hash, match }: { hash: string; match: boolean | null }) {
  const { t } = useTranslation();
  return (
    <div className={styles.result} data-testid="hash-result">
      <span className={styles.resultLabel}>{t('provable.hashed')}</span>
      <code className={styles.mono} data-testid="hashed-seed">
        {hash}
      </code>
      {match === true ? (
        <span className={`${styles.verdict} ${styles.ok}`} data-testid="hash-verdict" data-match="true">
          ✓ {t('provable.hashMatch')}
        </span>
      ) : match === false ? (
        <span className={`${styles.verdict} ${styles.bad}`} data-testid="hash-verdict" data-match="false">
          ✗ {t('provable.hashMismatch')}
        </span>
      ) : (
        <span className={styles.muted}>{t('provable.hashCompare')}</span>
      )}
    </div>
  );
}

/** Whether the shuffle gave the server's shoe: every card, how many differ, or no shoe to compare with. */
export function ShuffleVerdict({ count, differences }: { count: number; differences: number | null }) {
  const { t } = useTranslation();
  return differences === null ? (
    <p className={styles.muted} data-testid="shuffle-verdict" data-match="unknown">
      {t('provable.shuffledNoShoe')}
    </p>
  ) : differences === 0 ? (
    <p className={`${styles.verdict} ${styles.ok}`} data-testid="shuffle-verdict" data-match="true">
      ✓ {t('provable.allMatch', { count })}
    </p>
  ) : (
    <p className={`${styles.verdict} ${styles.bad}`} data-testid="shuffle-verdict" data-match="false">
      ✗ {t('provable.differ', { count: differences })}
    </p>
  );
}
