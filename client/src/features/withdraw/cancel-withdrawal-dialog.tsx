import type { WithdrawRequestView } from '@bahati/contracts';
import { useTranslation } from 'react-i18next';
import { SatsAmount, useSatsFormat } from '@/components/amount/sats-amount';
import { Dialog } from '@/components/dialog/dialog';
import styles from './withdraw.module.css';

/** Asks before a pending request is canceled: its amount and destination, "keep it" or "cancel it". */
export function CancelWithdrawalDialog({
  canceling,
  busy: cancelBusy,
  onClose,
  onConfirm,
}: {
  /** The request the player asked to cancel; the dialog is open while there is one. */
  canceling: WithdrawRequestView | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const format = useSatsFormat();
  return (
    <Dialog
      open={canceling !== null}
      onClose={onClose}
      dismissible={!cancelBusy}
      size="sm"
      title={t('withdraw.cancel.title')}
      description={canceling ? t('withdraw.cancel.text', { amount: format.sats(canceling.amount) }) : undefined}
      testId="withdraw-cancel-dialog"
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={cancelBusy}>
            {t('withdraw.cancel.keep')}
          </button>
          <button type="button" className="btn btn-primary" onClick={onConfirm} disabled={cancelBusy} data-testid="withdraw-cancel-confirm">
            {cancelBusy ? t('withdraw.cancel.working') : t('withdraw.cancel.confirm')}
          </button>
        </>
      }
    >
      {canceling ? (
        <dl className={styles.reviewList}>
          <div>
            <dt>{t('withdraw.confirm.amount')}</dt>
            <dd>
              <SatsAmount sats={canceling.amount} />
            </dd>
          </div>
          <div>
            <dt>{canceling.method === 'lightning' ? t('withdraw.dialog.paymentRequest') : t('withdraw.dialog.address')}</dt>
            <dd>
              <code className={styles.reviewTarget}>{canceling.targetAddress}</code>
            </dd>
          </div>
        </dl>
      ) : null}
    </Dialog>
  );
}
