import type { WithdrawalRisk, WithdrawRequestView } from '@bahati/contracts';
import { useTranslation } from 'react-i18next';
import { SatsAmount, useSatsFormat } from '@/components/amount/sats-amount';
import { CopyButton } from '@/components/copy-button/copy-button';
import type { Column } from '@/components/data-table/data-table';
import { truncateMiddle, useDateTimeFormat } from '@/components/format/format';
import { StatusBadge, type StatusTone } from '@/components/status-badge/status-badge';
import { useCurrentPlayer } from '@/lib/current-player';
import { RiskSummary } from './withdrawal-risk';
import styles from './admin-withdrawals.module.css';

const STATUS_TONE: Record<WithdrawRequestView['status'], StatusTone> = { Created: 'pending', Approved: 'success', Declined: 'danger', Canceled: 'neutral' };

type Payout = 'paid' | 'paying' | 'failed';
const PAYOUT_TONE: Record<Payout, StatusTone> = { paid: 'success', paying: 'pending', failed: 'danger' };

/**
 * Where an approved request's payout is, from the read model (`payout`), or `paying` while this screen is
 * paying it. Approving a failed (or stalled) payout again retries it; the node never pays twice.
 */
function payoutOf(row: WithdrawRequestView, working: string | null): Payout | null {
  if (row.status !== 'Approved') return null;
  if (row.payout === 'Paid') return 'paid';
  if (working === row.id) return 'paying';
  return row.payout === 'Paying' ? 'paying' : 'failed';
}

/** A decision on a request: approve or decline one in review, or retry the payout of an approved one. */
export type Action = 'approve' | 'decline' | 'retry';

/** Who asked: the player's email, or their id when there is none. */
export const who = (row: WithdrawRequestView) => row.email ?? row.playerId;

/**
 * The columns of the withdraw requests: date, player, destination, amount, status with the payout and its
 * reference, and the decisions open on the request (approve and decline, or retry a payout).
 */
export function useWithdrawRequestColumns({
  working,
  onDecision,
  risk,
}: {
  /** The request this screen is deciding on, if any. */
  working: string | null;
  onDecision: (row: WithdrawRequestView, action: Action) => void;
  /** The risk of each request in review, by its id. */
  risk: ReadonlyMap<string, WithdrawalRisk>;
}): Column<WithdrawRequestView>[] {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  const format = useSatsFormat();
  const { player: me } = useCurrentPlayer();
  // The admin who gave a request's first approval cannot give its second.
  const approvedFirstByMe = (row: WithdrawRequestView) => row.firstApproval !== null && row.firstApproval.reviewerId === me?.id;
  // Decline, on a request in review and on one whose payout failed.
  const declineButton = (row: WithdrawRequestView, testId?: string) => (
    <button
      type="button"
      className={`${styles.link} ${styles.decline}`}
      onClick={() => onDecision(row, 'decline')}
      disabled={working !== null}
      aria-label={t('adminWithdrawals.declineLabel', { player: who(row), amount: format.sats(row.amount) })}
      data-testid={testId}
    >
      {t('adminWithdrawals.decline')}
    </button>
  );
  return [
    { key: 'date', header: t('adminWithdrawals.columns.date'), cell: (row) => <span className={styles.date}>{formatDate(row.requestTime)}</span> },
    {
      key: 'player',
      header: t('adminWithdrawals.columns.player'),
      // The warnings of a request still to decide sit under the player.
      cell: (row) => (
        <span className={styles.playerCell}>
          <span className={styles.player} title={who(row)}>
            {who(row)}
          </span>
          {row.status === 'Created' || (row.status === 'Approved' && row.payout === 'Failed') ? <RiskSummary risk={risk.get(row.id)} /> : null}
        </span>
      ),
    },
    {
      key: 'target',
      header: t('adminWithdrawals.columns.target'),
      cell: (row) => (
        <span className={styles.target}>
          <span className={styles.method}>{row.method === 'lightning' ? 'LN' : 'BTC'}</span>
          <code title={row.targetAddress} data-testid="admin-withdraw-target">
            {truncateMiddle(row.targetAddress, 8, 6)}
          </code>
          <CopyButton text={row.targetAddress} label={t('withdraw.copyTarget')} compact />
        </span>
      ),
    },
    { key: 'amount', header: t('adminWithdrawals.columns.amount'), cell: (row) => <SatsAmount sats={row.amount} stacked />, align: 'end' },
    {
      key: 'status',
      header: t('adminWithdrawals.columns.status'),
      cell: (row) => {
        const payout = payoutOf(row, working);
        return (
          <span className={styles.statusCell}>
            <StatusBadge tone={STATUS_TONE[row.status]} testId="admin-withdraw-status">
              {t(`withdraw.status.${row.status}`)}
            </StatusBadge>
            {payout ? (
              <StatusBadge tone={PAYOUT_TONE[payout]} testId="admin-withdraw-payout">
                {t(`adminPayouts.${payout}`)}
              </StatusBadge>
            ) : null}
            {row.status === 'Created' && row.firstApproval ? (
              <span className={styles.firstApproval} data-testid="admin-withdraw-first-approval">
                {t('adminWithdrawals.firstApproval', { email: row.firstApproval.email ?? row.firstApproval.reviewerId, date: formatDate(row.firstApproval.time) })}
              </span>
            ) : null}
            {payout === 'failed' && row.payoutError ? (
              <span className={styles.payoutError} data-testid="admin-withdraw-payout-error">
                {row.payoutError}
              </span>
            ) : null}
            {/* The payout's reference under its status (a column of its own would not fit 1280 px); the full one in the title. */}
            {row.reference ? (
              <span className={styles.reference} data-testid="admin-withdraw-reference">
                <span className="visually-hidden">{t('adminWithdrawals.columns.reference')}: </span>
                <code className={styles.code} title={row.reference}>
                  {truncateMiddle(row.reference, 6, 4)}
                </code>
              </span>
            ) : null}
          </span>
        );
      },
    },
    {
      key: 'actions',
      header: t('adminWithdrawals.columns.actions'),
      cell: (row) =>
        row.status === 'Created' ? (
          <span className={styles.actions}>
            {approvedFirstByMe(row) ? (
              <span className={styles.waiting} data-testid="admin-withdraw-waiting">
                {t('adminWithdrawals.waitingSecond')}
              </span>
            ) : (
              <button
                type="button"
                className={`${styles.link} ${styles.approve}`}
                onClick={() => onDecision(row, 'approve')}
                disabled={working !== null}
                aria-label={t('adminWithdrawals.approveLabel', { player: who(row), amount: format.sats(row.amount) })}
              >
                {working === row.id ? t('adminWithdrawals.working') : t('adminWithdrawals.approve')}
              </button>
            )}
            {declineButton(row)}
          </span>
        ) : payoutOf(row, working) === 'failed' || (row.payout === 'Paying' && working === null) ? (
          <span className={`${styles.actions} ${styles.actionsStacked}`}>
            <button
              type="button"
              className={`${styles.link} ${styles.approve}`}
              onClick={() => onDecision(row, 'retry')}
              disabled={working !== null}
              aria-label={t('adminPayouts.retryLabel', { player: who(row), amount: format.sats(row.amount) })}
              data-testid="retry-payout"
            >
              {t('adminPayouts.retry')}
            </button>
            {/* A failed payout the node never made (e.g. an expired payment request) can be declined and refunded instead; the server asks the node. */}
            {row.payout === 'Failed' ? declineButton(row, 'decline-failed-payout') : null}
          </span>
        ) : payoutOf(row, working) === 'paying' ? (
          <span className={styles.faint}>{t('adminWithdrawals.working')}</span>
        ) : (
          <span className={styles.faint}>—</span>
        ),
    },
  ];
}
