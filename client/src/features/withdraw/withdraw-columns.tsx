import type { WithdrawRequestView } from '@bahati/contracts';
import { useTranslation } from 'react-i18next';
import { SatsAmount, useSatsFormat } from '@/components/amount/sats-amount';
import { CopyButton } from '@/components/copy-button/copy-button';
import type { Column } from '@/components/data-table/data-table';
import { truncateMiddle, useDateTimeFormat } from '@/components/format/format';
import { StatusBadge, type StatusTone } from '@/components/status-badge/status-badge';
import styles from './withdraw.module.css';

const STATUS_TONE: Record<WithdrawRequestView['status'], StatusTone> = { Created: 'pending', Approved: 'success', Declined: 'danger', Canceled: 'neutral' };

/**
 * The columns of the player's withdrawal requests: date, method and destination, amount, status (and payout),
 * reference, and "Cancel" on a request not yet decided.
 */
export function useWithdrawColumns({ onCancel, cancelBusy }: { onCancel: (row: WithdrawRequestView) => void; cancelBusy: boolean }): Column<WithdrawRequestView>[] {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  const format = useSatsFormat();
  return [
  { key: 'date', header: t('withdraw.columns.date'), cell: (row) => formatDate(row.requestTime) },
  {
    key: 'target',
    header: t('withdraw.columns.target'),
    cell: (row) => (
      <span className={styles.target}>
        <span className={styles.method}>{t(`withdraw.method.${row.method}`)}</span>
        <code title={row.targetAddress}>{truncateMiddle(row.targetAddress, 12, 6)}</code>
      </span>
    ),
  },
  { key: 'amount', header: t('withdraw.columns.amount'), cell: (row) => <SatsAmount sats={row.amount} stacked />, align: 'end' },
  {
    key: 'status',
    header: t('withdraw.columns.status'),
    cell: (row) => (
      <span className={styles.statusCell}>
        <StatusBadge tone={STATUS_TONE[row.status]} testId="withdraw-status">
          {t(`withdraw.status.${row.status}`)}
        </StatusBadge>
        {/* An approved request is paid by the node; until it is (a failed payout is retried by the admins) it reads as being paid. */}
        {row.status === 'Approved' ? (
          <StatusBadge tone={row.payout === 'Paid' ? 'success' : 'pending'} testId="withdraw-payout">
            {t(row.payout === 'Paid' ? 'adminPayouts.paid' : 'adminPayouts.paying')}
          </StatusBadge>
        ) : null}
      </span>
    ),
  },
  {
    key: 'reference',
    header: t('withdraw.columns.reference'),
    cell: (row) =>
      row.reference ? (
        <span className={styles.mono} data-testid="withdraw-reference">
          <code title={row.reference}>{truncateMiddle(row.reference, 8, 6)}</code>
          <CopyButton text={row.reference} label={t('withdraw.copyReference')} compact />
        </span>
      ) : (
        <span className={styles.faint}>—</span>
      ),
  },
  {
    key: 'actions',
    header: <span className="visually-hidden">{t('withdraw.columns.actions')}</span>,
    align: 'end',
    className: styles.actionsCell,
    cell: (row) =>
      row.status === 'Created' ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => onCancel(row)}
          disabled={cancelBusy}
          aria-label={t('withdraw.cancel.label', { amount: format.sats(row.amount) })}
          data-testid="withdraw-cancel"
        >
          {t('withdraw.cancel.button')}
        </button>
      ) : null,
  },
  ];
}
