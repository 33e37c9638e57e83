import styles from './progress-bar.module.css';

/**
 * A bar of `value` against `max` (a bonus's playthrough). Any progress at all shows at least a sliver,
 * so a first hand visibly moves it; the exact figures are in the label and beside the bar.
 */
export function ProgressBar({ value, max, label, valueText, testId }: { value: number; max: number; label: string; valueText?: string; testId?: string }) {
  const done = Math.min(Math.max(value, 0), Math.max(max, 0));
  const percent = max > 0 ? (done / max) * 100 : 100;
  return (
    <div
      className={styles.track}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={done}
      aria-valuetext={valueText}
      data-testid={testId}
    >
      <span className={`${styles.fill} ${done > 0 ? styles.started : ''} ${percent >= 100 ? styles.full : ''}`} style={{ width: `${percent}%` }} />
    </div>
  );
}
