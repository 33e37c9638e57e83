import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog/dialog';
import styles from './profile.module.css';

/**
 * Asked before self-exclusion starts: it takes effect at once, so the player is told first what it blocks
 * (bets, deposits, deposit addresses and Lightning invoices, redeem codes), that withdrawals stay open, and
 * that ending it waits for a cooling-off.
 */
export function SelfExclusionDialog({ open, busy, onConfirm, onClose }: { open: boolean; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('profile.safety.confirm.title')}
      description={t('profile.safety.confirm.lead')}
      dismissible={!busy}
      testId="self-exclude-dialog"
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={busy}>
            {t('profile.safety.confirm.cancel')}
          </button>
          <button type="button" className="btn btn-primary" onClick={onConfirm} disabled={busy} data-testid="self-exclude-confirm">
            {t('profile.safety.confirm.confirm')}
          </button>
        </>
      }
    >
      <ul className={styles.blocks}>
        <li>{t('profile.safety.confirm.bets')}</li>
        <li>{t('profile.safety.confirm.deposits')}</li>
        <li>{t('profile.safety.confirm.codes')}</li>
      </ul>
      <p>{t('profile.safety.confirm.withdrawals')}</p>
      <p className={styles.help}>{t('profile.safety.confirm.lift')}</p>
    </Dialog>
  );
}

/** Asked before every session of the player ends: other devices and tabs, a table in play included, are signed out. */
export function SignOutEverywhereDialog({ open, busy, onConfirm, onClose }: { open: boolean; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('profile.signOutEverywhereDialog.title')}
      description={t('profile.signOutEverywhereDialog.text')}
      dismissible={!busy}
      size="sm"
      testId="sign-out-everywhere-dialog"
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={busy}>
            {t('profile.signOutEverywhereDialog.cancel')}
          </button>
          <button type="button" className="btn btn-primary" onClick={onConfirm} disabled={busy} data-testid="sign-out-everywhere-confirm">
            {t('profile.signOutEverywhere')}
          </button>
        </>
      }
    />
  );
}
