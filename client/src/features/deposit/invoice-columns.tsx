import type { LightningInvoice } from '@bahati/contracts';
import { useTranslation } from 'react-i18next';
import { SatsAmount } from '@/components/amount/sats-amount';
import { CopyButton } from '@/components/copy-button/copy-button';
import type { Column } from '@/components/data-table/data-table';
import { truncateMiddle, useDateTimeFormat } from '@/components/format/format';
import { StatusBadge, type StatusTone } from '@/components/status-badge/status-badge';
import { QrIcon } from './icons';
import styles from './deposit.module.css';

const INVOICE_TONE: Record<LightningInvoice['status'], StatusTone> = { Opened: 'pending', Settled: 'success', Canceled: 'neutral', Held: 'danger', Returned: 'neutral' };

/** An invoice that can no longer be paid: cancelled, or open past its expiry (the sweep cancels it soon). */
export const isOld = (invoice: LightningInvoice, now: number) => invoice.status === 'Canceled' || (invoice.status === 'Opened' && Date.parse(invoice.expiresAt) <= now);

/** The columns of the player's Lightning invoices: date, amount, status, payment request and, for one still payable, its QR code. */
export function useInvoiceColumns(now: number, onShowQr: (invoice: LightningInvoice) => void): Column<LightningInvoice>[] {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  return [
    { key: 'date', header: t('deposit.lightning.columns.date'), cell: (row) => formatDate(row.createdTime) },
    { key: 'amount', header: t('deposit.lightning.columns.amount'), cell: (row) => <SatsAmount sats={row.amount} stacked />, align: 'end' },
    {
      key: 'status',
      header: t('deposit.lightning.columns.status'),
      cell: (row) => (
        <StatusBadge tone={isOld(row, now) ? 'neutral' : INVOICE_TONE[row.status]} testId="invoice-status">
          {t(`deposit.lightning.status.${isOld(row, now) ? 'Canceled' : row.status}`)}
        </StatusBadge>
      ),
    },
    {
      key: 'request',
      header: t('deposit.lightning.columns.paymentRequest'),
      cell: (row) => (
        <span className={styles.mono}>
          <code title={row.paymentRequest}>{truncateMiddle(row.paymentRequest, 14, 6)}</code>
          <CopyButton text={row.paymentRequest} label={t('deposit.lightning.copyRequest')} compact />
        </span>
      ),
    },
    {
      key: 'qr',
      header: t('deposit.lightning.columns.qr'),
      align: 'center',
      cell: (row) =>
        row.status === 'Opened' && !isOld(row, now) ? (
          <button type="button" className={`btn btn-ghost btn-sm ${styles.iconButton}`} onClick={() => onShowQr(row)} aria-label={t('deposit.lightning.showQr')} title={t('deposit.lightning.showQr')}>
            <QrIcon />
          </button>
        ) : (
          <span className={styles.faint} aria-hidden="true">
            —
          </span>
        ),
    },
  ];
}
