import type { HeldDeposit } from '@bahati/contracts';
import { useTranslation } from 'react-i18next';
import { SatsAmount } from '@/components/amount/sats-amount';
import type { Column } from '@/components/data-table/data-table';
import { useDateTimeFormat } from '@/components/format/format';
import { LocalizedLink } from '@/components/localized-link';
import { StatusBadge, type StatusTone } from '@/components/status-badge/status-badge';
import styles from './admin-held-deposits.module.css';
import { Email } from '@/components/format/email';

const TONE: Record<HeldDeposit['status'], StatusTone> = { Held: 'pending', Released: 'success', Refunding: 'pending', RefundFailed: 'danger', Refunded: 'neutral' };

export interface HeldDepositActions {
  release: (row: HeldDeposit) => void;
  refund: (row: HeldDeposit) => void;
  retry: (row: HeldDeposit) => void;
  /** The row whose retry is under way. */
  retrying: string | null;
}

/** What became of a held deposit: its status, the admin's reason, where a refund went and its reference or failure. */
function Outcome({ row }: { row: HeldDeposit }) {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  return (
    <span className={styles.outcome}>
      <StatusBadge tone={TONE[row.status]} testId="held-status">
        {t(`adminHeldDeposits.status.${row.status}`)}
      </StatusBadge>
      {row.decidedAt ? <span className={styles.small}>{formatDate(row.decidedAt)}</span> : null}
      {row.reason ? (
        <q className={styles.reason}>
          <bdi>{row.reason}</bdi>
        </q>
      ) : null}
      {row.target ? (
        <span className={styles.small}>
          {t('adminHeldDeposits.to')}{' '}
          <code className={`mono ${styles.id}`} title={row.target} dir="ltr">
            {row.target}
          </code>
        </span>
      ) : null}
      {row.reference ? (
        <span className={styles.small}>
          {t('adminHeldDeposits.reference')}{' '}
          <code className={`mono ${styles.id}`} title={row.reference} dir="ltr">
            {row.reference}
          </code>
        </span>
      ) : null}
      {row.status === 'RefundFailed' && row.failure ? (
        <span className={styles.failure} data-testid="refund-failure">
          {t('adminHeldDeposits.failure', { reason: row.failure })}
        </span>
      ) : null}
    </span>
  );
}

function Actions({ row, actions }: { row: HeldDeposit; actions: HeldDepositActions }) {
  const { t } = useTranslation();
  const who = row.email ?? row.playerId;
  if (row.status === 'Held') {
    return (
      <span className={styles.actions}>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => actions.release(row)} aria-label={t('adminHeldDeposits.releaseFor', { player: who })}>
          {t('adminHeldDeposits.releaseAction')}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => actions.refund(row)} aria-label={t('adminHeldDeposits.refundFor', { player: who })}>
          {t('adminHeldDeposits.refundAction')}
        </button>
      </span>
    );
  }
  if (row.status === 'RefundFailed') {
    return (
      <button type="button" className="btn btn-primary btn-sm" onClick={() => actions.retry(row)} disabled={actions.retrying === row.id} data-testid="retry-refund">
        {t('adminHeldDeposits.retry')}
      </button>
    );
  }
  return null;
}

/** The columns: when it was held, whose, which deposit, how much, the bank now, the outcome, and what may be done. */
export function useHeldDepositColumns(actions: HeldDepositActions): Column<HeldDeposit>[] {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  return [
    { key: 'time', header: t('adminHeldDeposits.columns.time'), cell: (row) => <span className={styles.nowrap}>{formatDate(row.time)}</span> },
    {
      key: 'player',
      header: t('adminHeldDeposits.columns.player'),
      cell: (row) => (
        <LocalizedLink to={`/admin/players/${row.playerId}`} className={styles.wrap}>
          {row.email ? <Email address={row.email} /> : row.playerId}
        </LocalizedLink>
      ),
      primary: true,
    },
    {
      key: 'deposit',
      header: t('adminHeldDeposits.columns.deposit'),
      cell: (row) => (
        <span className={styles.deposit}>
          <span>{t(`adminHeldDeposits.method.${row.method}`)}</span>
          <code className={`mono ${styles.id}`} title={row.id} dir="ltr">
            {row.id}
          </code>
        </span>
      ),
    },
    { key: 'amount', header: t('adminHeldDeposits.columns.amount'), cell: (row) => <SatsAmount sats={row.amount} stacked />, align: 'end' },
    { key: 'bank', header: t('adminHeldDeposits.columns.bank'), cell: (row) => <SatsAmount sats={row.bank} stacked />, align: 'end' },
    { key: 'outcome', header: t('adminHeldDeposits.columns.outcome'), cell: (row) => <Outcome row={row} /> },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('adminHeldDeposits.columns.actions')}</span>,
      cell: (row) => <Actions row={row} actions={actions} />,
      align: 'end',
      className: styles.actionsCell,
    },
  ];
}
