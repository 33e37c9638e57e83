import type { Bonus } from '@bahati/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { LocalizedLink } from '@/components/localized-link';
import { ProgressBar } from '@/components/progress-bar/progress-bar';
import styles from './withdraw.module.css';

/**
 * Withdrawals are locked (spec §4): by an accepted bonus, with its playthrough so far, or by the server's refusal
 * of a request, which is announced and takes the focus.
 */
export function WithdrawLockedNotice({ refused, activeBonus }: { refused: boolean; activeBonus: Bonus | undefined }) {
  const { t } = useTranslation();
  const format = useSatsFormat();
  const lockedNotice = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (refused) lockedNotice.current?.focus();
  }, [refused]);

  return (
    <div
      ref={lockedNotice}
      className={`alert alert-info ${styles.locked}`}
      role={refused ? 'alert' : 'status'}
      tabIndex={-1}
      data-testid="withdraw-locked"
      data-refused={refused ? 'true' : undefined}
    >
      <span className={styles.lockIcon} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="22" height="22">
          <rect x="5" y="10.5" width="14" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </span>
      <div>
        <strong>{t('withdraw.locked.title')}</strong>
        <p>{t('withdraw.locked.text')}</p>
        {activeBonus ? (
          <div className={styles.lockedProgress}>
            <ProgressBar
              value={activeBonus.playthrough}
              max={activeBonus.playthroughTarget}
              label={t('withdraw.locked.progressLabel', {
                done: format.sats(Math.min(activeBonus.playthrough, activeBonus.playthroughTarget)),
                target: format.sats(activeBonus.playthroughTarget),
              })}
            />
            <p>
              {t('withdraw.locked.progress', {
                done: format.sats(Math.min(activeBonus.playthrough, activeBonus.playthroughTarget)),
                target: format.sats(activeBonus.playthroughTarget),
                left: format.sats(Math.max(activeBonus.playthroughTarget - activeBonus.playthrough, 0)),
              })}
            </p>
          </div>
        ) : null}
        <p className={styles.lockedLinks}>
          <LocalizedLink to="/bonuses">{t('withdraw.locked.bonuses')}</LocalizedLink>
          <LocalizedLink to="/bahati-terms-of-use">{t('withdraw.locked.terms')}</LocalizedLink>
        </p>
      </div>
    </div>
  );
}
