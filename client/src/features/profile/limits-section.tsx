import type { LimitKind } from '@bahati/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { LimitField } from './limit-field';
import { DEPOSIT_KINDS, LOSS_KINDS, REMINDER } from './limits-rules';
import { LimitsSaved } from './limits-saved';
import { useLimitsForm } from './use-limits-form';
import styles from './limits.module.css';

/** The profile links here (`/profile#limits`), and so do the refusals of a deposit or a deal. */
export const LIMITS_ANCHOR = 'limits';

/**
 * The player's own limits (decisions.md, "Player safety"): six money limits over rolling windows and the
 * session reminder. Each field shows what is in force, what its window has used and any change waiting
 * for its 24 hours; before saving it says whether the new value would apply at once or after 24 hours.
 * Save sends only the fields whose value changed.
 */
export function LimitsSection() {
  const { t } = useTranslation();
  const location = useLocation();
  const form = useLimitsForm();
  const { id, data, isError, refetch, saving, formMessage, saved, onSubmit } = form;
  const sectionRef = useRef<HTMLElement>(null);
  const field = (kind: LimitKind) => <LimitField key={kind} kind={kind} form={form} />;

  // Arriving by a link to the limits (a refused deposit or deal): bring the section into view once it is there.
  const ready = data !== undefined;
  useEffect(() => {
    if (ready && location.hash === `#${LIMITS_ANCHOR}`) sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [location.hash, location.key, ready]);

  return (
    <section
      ref={sectionRef}
      id={LIMITS_ANCHOR}
      className={`panel ${styles.section}`}
      aria-labelledby={`${id}-title`}
      data-testid="limits-section"
    >
      <h2 id={`${id}-title`} className={styles.h2}>
        {t('profile.limits.title')}
      </h2>
      <p className={styles.intro}>{t('profile.limits.intro')}</p>
      <ul className={styles.rules}>
        <li className={styles.ruleNow}>{t('profile.limits.ruleNow')}</li>
        <li className={styles.ruleLater}>{t('profile.limits.ruleLater')}</li>
      </ul>

      {!data ? (
        isError ? (
          <p className="alert" role="alert">
            {t('profile.limits.loadFailed')}{' '}
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => void refetch()}>
              {t('common.retry')}
            </button>
          </p>
        ) : (
          <p className={styles.loading}>{t('profile.limits.loading')}</p>
        )
      ) : (
        <form onSubmit={onSubmit} noValidate aria-busy={saving} data-testid="limits-form">
          <fieldset className={styles.group}>
            <legend className={styles.legend}>{t('profile.limits.deposits')}</legend>
            <p className={styles.groupHelp}>{t('profile.limits.depositsHelp')}</p>
            <div className={styles.limits}>{DEPOSIT_KINDS.map(field)}</div>
          </fieldset>
          <fieldset className={styles.group}>
            <legend className={styles.legend}>{t('profile.limits.losses')}</legend>
            <p className={styles.groupHelp}>{t('profile.limits.lossesHelp')}</p>
            <div className={styles.limits}>{LOSS_KINDS.map(field)}</div>
          </fieldset>
          <fieldset className={styles.group}>
            <legend className={styles.legend}>{t('profile.limits.reminder')}</legend>
            <p className={styles.groupHelp}>{t('profile.limits.reminderHelp')}</p>
            <div className={styles.limits}>{field(REMINDER)}</div>
          </fieldset>

          {formMessage ? (
            <p className={formMessage.tone === 'error' ? 'alert' : `alert alert-info`} role={formMessage.tone === 'error' ? 'alert' : 'status'} data-testid="limits-message">
              {formMessage.text}
            </p>
          ) : null}
          {saved ? <LimitsSaved saved={saved} /> : null}

          <div className={styles.saveRow}>
            <button type="submit" className="btn btn-primary" disabled={saving}>
              {saving ? t('profile.limits.saving') : t('profile.limits.save')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
