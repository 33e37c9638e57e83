import { STAFF_REASON_MAX, STAFF_REASON_MIN } from '@bahati/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './reason.module.css';

/** What is wrong with a typed reason, or null when it may be sent (an optional one may be empty). */
export function reasonProblem(text: string, required: boolean): 'missing' | 'tooShort' | 'tooLong' | null {
  const trimmed = text.trim();
  if (trimmed.length === 0) return required ? 'missing' : null;
  if (trimmed.length < STAFF_REASON_MIN) return 'tooShort';
  if (trimmed.length > STAFF_REASON_MAX) return 'tooLong';
  return null;
}

/**
 * Why a staff member makes a decision, kept in the audit log: required for a ban, a suspect level and a
 * ledger repair, optional for lifting a ban or declining a withdrawal. The problem shows once the field was
 * left or a confirmation was tried (`showProblem`).
 */
export function ReasonField({
  value,
  onChange,
  required,
  showProblem,
  autoFocus,
}: {
  value: string;
  onChange: (text: string) => void;
  required: boolean;
  showProblem: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const problem = reasonProblem(value, required);
  const shown = showProblem ? problem : null;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {required ? t('reason.label') : t('reason.labelOptional')}
      </label>
      <textarea
        id={id}
        className={`input ${styles.text}`}
        value={value}
        rows={3}
        maxLength={STAFF_REASON_MAX + 50}
        required={required}
        aria-invalid={shown !== null}
        aria-describedby={`${id}-note`}
        // The dialog opens to write the reason: the field takes the focus.
        autoFocus={autoFocus}
        onChange={(event) => onChange(event.target.value)}
        data-testid="reason-input"
      />
      <p id={`${id}-note`} className={shown ? styles.problem : styles.note} role={shown ? 'alert' : undefined} data-testid="reason-note">
        {shown
          ? t(`reason.problems.${shown}`, { min: STAFF_REASON_MIN, max: STAFF_REASON_MAX })
          : t(required ? 'reason.hint' : 'reason.hintOptional', { min: STAFF_REASON_MIN, max: STAFF_REASON_MAX, count: value.trim().length })}
      </p>
    </div>
  );
}
