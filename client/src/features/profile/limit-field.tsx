import type { LimitKind } from '@bahati/contracts';
import { useTranslation } from 'react-i18next';
import { AmountInput, useAmountProblemText } from '@/components/amount/amount-input';
import { SatsAmount, useSatsFormat } from '@/components/amount/sats-amount';
import { useDateTimeFormat } from '@/components/format/format';
import { describe, REMINDER, type MoneyKind, type Problem } from './limits-rules';
import type { LimitsForm } from './use-limits-form';
import styles from './limits.module.css';

/**
 * One limit: what is in force, what its window has used and has left, the field with its notes (a refusal, the
 * dollars, what saving would do) and any change waiting for its 24 hours, which the player may cancel.
 */
export function LimitField({ kind, form }: { kind: LimitKind; form: LimitsForm }) {
  const { t } = useTranslation();
  const format = useSatsFormat();
  const formatDate = useDateTimeFormat();
  const amountProblem = useAmountProblemText();
  const problemText = (problem: Problem) => (problem === 'minutes' ? t('profile.limits.problems.minutes') : amountProblem(problem));
  const { id, data, drafts, saving, inputs, settingOf, checked, effect, setText, keepCurrent } = form;
  const setting = settingOf(kind);
  const draft = drafts?.[kind] ?? { text: '', keep: false };
  const c = checked(kind);
  const problem = 'problem' in c ? c.problem : null;
  const e = effect(kind);
  const label = t(`profile.limits.kinds.${kind}`);
  const isReminder = kind === REMINDER;
  const inputId = `${id}-${kind}`;
  const noteId = `${inputId}-note`;
  const typed = 'value' in c ? c.value : null;
  const dollars = !isReminder && typed !== null ? format.dollars(typed) : null;
  const waitingTime = setting.pending ? formatDate(setting.pending.effectiveAt) : '';

  return (
    <div className={styles.limit} data-testid={`limit-${kind}`}>
      <label htmlFor={inputId} className={styles.limitLabel}>
        {label}
      </label>
      <dl className={styles.facts}>
        <div>
          <dt>{t('profile.limits.inForce')}</dt>
          <dd data-testid="limit-in-force">
            {setting.value === null || isReminder ? describe(t, kind, setting.value, format.sats) : <SatsAmount sats={setting.value} />}
          </dd>
        </div>
        {isReminder ? null : (
          <div>
            <dt>{t(`profile.limits.used.${kind as MoneyKind}`)}</dt>
            <dd data-testid="limit-used">{t('profile.limits.valueSats', { amount: format.sats(data?.usage[kind as MoneyKind] ?? 0) })}</dd>
          </div>
        )}
        {!isReminder && setting.value !== null ? (
          <div>
            <dt>{t('profile.limits.left')}</dt>
            <dd data-testid="limit-left">
              {t('profile.limits.valueSats', { amount: format.sats(Math.max(0, setting.value - (data?.usage[kind as MoneyKind] ?? 0))) })}
            </dd>
          </div>
        ) : null}
      </dl>

      <div className={styles.inputRow}>
        <AmountInput
          id={inputId}
          ref={(element) => void (inputs.current[kind] = element)}
          text={draft.text}
          onText={(text) => setText(kind, text)}
          unit={isReminder ? t('profile.limits.minutesUnit') : 'sats'}
          placeholder={isReminder ? t('profile.limits.reminderOff') : t('profile.limits.noLimit')}
          aria-invalid={problem ? true : undefined}
          aria-describedby={noteId}
          disabled={saving}
          // The notes under the field are this section's own: the refusal, the dollars, what saving would do.
          messages={false}
        />
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => setText(kind, '')}
          disabled={draft.text === '' || saving}
          aria-label={t('profile.limits.removeLabel', { kind: label })}
        >
          {t('profile.limits.remove')}
        </button>
      </div>

      <div id={noteId} className={styles.notes}>
        {problem ? (
          <span className={styles.problem} role="alert" data-testid="amount-refused" data-problem={problem}>
            {problemText(problem)}
          </span>
        ) : isReminder ? (
          <span className={styles.hint}>{t('profile.limits.minutesHint')}</span>
        ) : dollars ? (
          <span className={styles.hint}>
            ≈ {dollars}
            {format.fixed ? '*' : ''}
          </span>
        ) : null}
        {!problem && e !== 'none' ? (
          <span className={`${styles.preview} ${e === 'later' || e === 'remove' ? styles.previewLater : ''}`} data-testid="limit-preview">
            {t(`profile.limits.preview.${e}`, { time: waitingTime })}
          </span>
        ) : null}
      </div>

      {setting.pending ? (
        <div className={styles.pending} data-testid="limit-pending">
          <span className={styles.clock} aria-hidden="true">
            <svg viewBox="0 0 24 24" width="16" height="16">
              <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </span>
          <span>
            {setting.pending.value === null
              ? t('profile.limits.pendingRemoval', { time: waitingTime })
              : t('profile.limits.pendingValue', { value: describe(t, kind, setting.pending.value, format.sats), time: waitingTime })}
          </span>
          {e !== 'keep' ? (
            <button
              type="button"
              className={`btn btn-ghost btn-sm ${styles.keep}`}
              onClick={() => keepCurrent(kind)}
              disabled={saving}
              aria-label={t('profile.limits.keepLabel', { kind: label })}
            >
              {t('profile.limits.keep')}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
