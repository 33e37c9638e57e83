import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { SatsAmount } from '@/components/amount/sats-amount';
import { CopyButton } from '@/components/copy-button/copy-button';
import { Dialog } from '@/components/dialog/dialog';
import { useDateTimeFormat } from '@/components/format/format';
import { Spinner } from '@/components/spinner';
import styles from './deposit.module.css';

/** An invoice on screen to be paid: just asked for, or an open one from the table. */
export interface ShownInvoice {
  id: string;
  paymentRequest: string;
  amount: number;
  expiresAt?: string;
}

/** The invoice to pay: its amount, QR code and payment request, a wallet link, and a note that the payment is awaited. */
export function InvoiceQrDialog({ shown, onClose }: { shown: ShownInvoice | null; onClose: () => void }) {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  return (
    <Dialog
      open={shown !== null}
      onClose={onClose}
      title={t('deposit.lightning.qrTitle')}
      description={t('deposit.lightning.qrIntro')}
      size="sm"
      testId="invoice-qr-dialog"
      footer={
        shown ? (
          <>
            <CopyButton text={shown.paymentRequest} label={t('deposit.lightning.copyRequest')} />
            <a className="btn btn-primary btn-sm" href={`lightning:${shown.paymentRequest}`}>
              {t('deposit.lightning.openWallet')}
            </a>
          </>
        ) : null
      }
    >
      {shown ? (
        <div className={styles.qrBlock}>
          <SatsAmount sats={shown.amount} size="lg" />
          <div className={styles.qrFrame}>
            <QRCodeSVG value={`lightning:${shown.paymentRequest}`} size={256} marginSize={2} level="M" title={t('deposit.lightning.qrTitle')} className={styles.qr} />
          </div>
          <code className={styles.fullCode} data-testid="invoice-payment-request">
            {shown.paymentRequest}
          </code>
          <p className={styles.waiting} role="status">
            <Spinner size={16} />
            {t('deposit.lightning.waiting')}
          </p>
          {shown.expiresAt ? <p className={styles.faintSmall}>{t('deposit.lightning.expires', { time: formatDate(shown.expiresAt) })}</p> : null}
        </div>
      ) : null}
    </Dialog>
  );
}
