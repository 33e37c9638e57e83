import type { ReactNode } from 'react';
import styles from './status-badge.module.css';

export type StatusTone = 'pending' | 'success' | 'danger' | 'neutral';

export function StatusBadge({ tone, children, testId }: { tone: StatusTone; children: ReactNode; testId?: string }) {
  return (
    <span className={`${styles.badge} ${styles[tone]}`} data-testid={testId}>
      <span className={styles.dot} aria-hidden="true" />
      {children}
    </span>
  );
}
