import { useTranslation } from 'react-i18next';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { Dialog } from '@/components/dialog/dialog';
import { LocalizedLink } from '@/components/localized-link';
import { OpenOffer } from '@/components/bonus-offer/open-offer';
import styles from './deposit.module.css';

/** The invoice was paid: how much came in, the first deposit's bonus offer when it brought one, and the way to the table. */
export function DepositPaidDialog({ paid, onClose }: { paid: { amount: number } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useSatsFormat();
  return (
    <Dialog
      open={paid !== null}
      onClose={onClose}
      title={t('deposit.lightning.paidTitle')}
      size="sm"
      tone="success"
      testId="deposit-success-dialog"
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('deposit.lightning.done')}
          </button>
          <LocalizedLink to="/game" className="btn btn-primary">
            {t('deposit.lightning.play')}
          </LocalizedLink>
        </>
      }
    >
      <div className={styles.paid}>
        <span className={styles.paidIcon} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="30" height="30">
            <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <p>{t('deposit.lightning.paidText', { amount: format.sats(paid?.amount ?? 0) })}</p>
      </div>
      {paid !== null ? <OpenOffer place="deposit" /> : null}
    </Dialog>
  );
}
