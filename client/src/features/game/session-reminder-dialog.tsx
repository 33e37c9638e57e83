import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { Dialog } from '@/components/dialog/dialog';
import { LocalizedLink } from '@/components/localized-link';
import type { SessionReminder } from './use-session-reminder';
import styles from './dialogs.module.css';

/** The session reminder: time played and the net result, calmly; the player dismisses it and plays on. */
export function SessionReminderDialog({ reminder, onDismiss }: { reminder: SessionReminder | null; onDismiss: () => void }) {
  const { t } = useTranslation();
  const format = useSatsFormat();
  const keepPlaying = useRef<HTMLButtonElement>(null);
  const net = reminder?.net ?? 0;
  const signed = format.signed(net);

  return (
    <Dialog
      open={reminder !== null}
      onClose={onDismiss}
      title={t('game.reminder.title')}
      size="sm"
      initialFocus={keepPlaying}
      testId="session-reminder"
      footer={
        <>
          <LocalizedLink to="/profile#limits" className="btn btn-ghost" onClick={onDismiss}>
            {t('game.reminder.limits')}
          </LocalizedLink>
          <button ref={keepPlaying} type="button" className="btn btn-primary" onClick={onDismiss}>
            {t('game.reminder.keepPlaying')}
          </button>
        </>
      }
    >
      {reminder ? (
        <div className={styles.stack}>
          <p className={styles.reminderLine} data-testid="session-reminder-text">
            {t('game.reminder.played', { count: reminder.minutes, net: signed })}
          </p>
          <p className={styles.muted}>{t('game.reminder.netNote')}</p>
          <p className={styles.muted}>{t('game.reminder.every', { count: reminder.every })}</p>
        </div>
      ) : null}
    </Dialog>
  );
}
