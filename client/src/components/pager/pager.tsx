import { useTranslation } from 'react-i18next';
import { useFormats } from '@/i18n/use-localized-path';
import { DirectionArrow } from '@/components/direction-arrow/direction-arrow';
import styles from './pager.module.css';

export interface PagerProps {
  offset: number;
  limit: number;
  total: number;
  onChange: (offset: number) => void;
  /** Names the navigation (two pagers on one screen need different names). */
  label: string;
  disabled?: boolean;
  testId?: string;
}

/** "1–50 of 123" with Previous and Next, for the paged staff lists. Nothing when everything fits on one page. */
export function Pager({ offset, limit, total, onChange, label, disabled, testId }: PagerProps) {
  const { t } = useTranslation();
  const formats = useFormats();
  if (total <= limit && offset === 0) return null;
  const from = total === 0 ? 0 : offset + 1;
  const to = Math.min(offset + limit, total);
  return (
    <nav className={styles.pager} aria-label={label} data-testid={testId}>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange(Math.max(0, offset - limit))} disabled={disabled || offset === 0}>
        <DirectionArrow to="previous" className={styles.arrow} />
        {t('staff.pager.previous')}
      </button>
      <span className={styles.range} aria-live="polite">
        {t('staff.pager.range', { from: formats.sats(from), to: formats.sats(to), total: formats.sats(total) })}
      </span>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange(offset + limit)} disabled={disabled || to >= total}>
        {t('staff.pager.next')}
        <DirectionArrow to="next" className={styles.arrow} />
      </button>
    </nav>
  );
}
