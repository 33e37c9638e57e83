import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { LocalizedLink } from '@/components/localized-link';
import { ProgressBar } from '@/components/progress-bar/progress-bar';
import type { Wagering } from '@/lib/wagering';
import styles from './withdraw.module.css';

/**
 * Withdrawals are locked (spec §4): by the accepted bonuses, with what is still to wager across all of them, or by
 * the server's refusal of a request, which is announced and takes the focus. The same notice opens the request
 * dialog while locked (`inDialog`), before anything is typed.
 */
export function WithdrawLockedNotice({ refused = false, wagering, inDialog = false }: { refused?: boolean; wagering: Wagering; inDialog?: boolean }) {
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
      data-testid={inDialog ? 'withdraw-dialog-locked' : 'withdraw-locked'}
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
        <p>{inDialog ? t('withdraw.locked.dialogIntro') : t('withdraw.locked.text')}</p>
        {wagering.left > 0 ? (
          <div className={styles.lockedProgress}>
            <ProgressBar
              value={wagering.wagered}
              max={wagering.target}
              label={t('withdraw.locked.progressLabel', { done: format.sats(wagering.wagered), target: format.sats(wagering.target) })}
            />
            <p data-testid="withdraw-locked-progress">
              {t('withdraw.locked.progress', { done: format.sats(wagering.wagered), target: format.sats(wagering.target), left: format.sats(wagering.left) })}
            </p>
          </div>
        ) : null}
        <p className={styles.lockedLinks}>
          {/* In the dialog the bonuses are its main button. */}
          {inDialog ? null : <LocalizedLink to="/bonuses">{t('withdraw.locked.bonuses')}</LocalizedLink>}
          <LocalizedLink to="/bahati-terms-of-use">{t('withdraw.locked.terms')}</LocalizedLink>
        </p>
      </div>
    </div>
  );
}
