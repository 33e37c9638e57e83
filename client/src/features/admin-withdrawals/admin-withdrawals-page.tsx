import type { WithdrawRequestView } from '@bahati/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { SatsAmount, useSatsFormat } from '@/components/amount/sats-amount';
import { CopyButton } from '@/components/copy-button/copy-button';
import { DataTable, type Column } from '@/components/data-table/data-table';
import { Dialog } from '@/components/dialog/dialog';
import { truncateMiddle, useDateTimeFormat } from '@/components/format/format';
import { StatusBadge, type StatusTone } from '@/components/status-badge/status-badge';
import { apiErrorMessage, apiServerMessage } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { useApproveWithdrawRequestMutation, useDeclineWithdrawRequestMutation, useGetAdminWithdrawRequestsQuery } from './admin-withdrawals-api';
import styles from './admin-withdrawals.module.css';
import { Page, PageHeader } from '@/components/page/page';

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

type Outcome = { kind: 'error'; text: string } | { kind: 'ok'; text: string };
type Action = 'approve' | 'decline' | 'retry';

/** Why a decision failed: admin actions show the server's own text (spec §8), with the catalogs' words as a fallback. */
function failureText(t: TFunction, error: unknown): string {
  const message = apiServerMessage(error) ?? apiErrorMessage(t, error);
  if (message) return message;
  const data = (error as { data?: unknown } | undefined)?.data;
  if (typeof data === 'string' && data) return data;
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' ? `HTTP ${status}` : String((error as { error?: unknown } | undefined)?.error ?? error);
}

/** Admin "Withdraw requests": every request, with Approve and Decline on the ones still in review. */
export function Component() {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  const format = useSatsFormat();
  const requests = useGetAdminWithdrawRequestsQuery();
  const [approve] = useApproveWithdrawRequestMutation();
  const [decline] = useDeclineWithdrawRequestMutation();
  const [working, setWorking] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // The decision waiting for the admin to confirm it, with the amount and the destination in front of them.
  const [confirming, setConfirming] = useState<{ row: WithdrawRequestView; action: Action } | null>(null);
  useDocumentTitle(t('adminWithdrawals.title'));

  async function decide(row: WithdrawRequestView, action: Action) {
    setConfirming(null);
    setWorking(row.id);
    setOutcome(null);
    try {
      const updated = await (action === 'decline' ? decline(row.id) : approve(row.id)).unwrap();
      setOutcome({
        kind: 'ok',
        text:
          action === 'approve'
            ? t('adminWithdrawals.approved', { reference: updated.reference ?? '—' })
            : action === 'retry'
              ? t('adminPayouts.retried', { reference: updated.reference ?? '—' })
              : t('adminWithdrawals.declined', { amount: format.sats(updated.amount) }),
      });
    } catch (error) {
      setOutcome({ kind: 'error', text: t('adminWithdrawals.failed', { message: failureText(t, error) }) });
    } finally {
      setWorking(null);
    }
  }

  const who = (row: WithdrawRequestView) => row.email ?? row.playerId;

  const columns: Column<WithdrawRequestView>[] = [
    { key: 'date', header: t('adminWithdrawals.columns.date'), cell: (row) => <span className={styles.date}>{formatDate(row.requestTime)}</span> },
    {
      key: 'player',
      header: t('adminWithdrawals.columns.player'),
      cell: (row) => (
        <span className={styles.player} title={who(row)}>
          {who(row)}
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
            <button
              type="button"
              className={`${styles.link} ${styles.approve}`}
              onClick={() => setConfirming({ row, action: 'approve' })}
              disabled={working !== null}
              aria-label={t('adminWithdrawals.approveLabel', { player: who(row), amount: format.sats(row.amount) })}
            >
              {working === row.id ? t('adminWithdrawals.working') : t('adminWithdrawals.approve')}
            </button>
            <button
              type="button"
              className={`${styles.link} ${styles.decline}`}
              onClick={() => setConfirming({ row, action: 'decline' })}
              disabled={working !== null}
              aria-label={t('adminWithdrawals.declineLabel', { player: who(row), amount: format.sats(row.amount) })}
            >
              {t('adminWithdrawals.decline')}
            </button>
          </span>
        ) : payoutOf(row, working) === 'failed' || (row.payout === 'Paying' && working === null) ? (
          <button
            type="button"
            className={`${styles.link} ${styles.approve}`}
            onClick={() => setConfirming({ row, action: 'retry' })}
            disabled={working !== null}
            aria-label={t('adminPayouts.retryLabel', { player: who(row), amount: format.sats(row.amount) })}
            data-testid="retry-payout"
          >
            {t('adminPayouts.retry')}
          </button>
        ) : payoutOf(row, working) === 'paying' ? (
          <span className={styles.faint}>{t('adminWithdrawals.working')}</span>
        ) : (
          <span className={styles.faint}>—</span>
        ),
    },
  ];

  return (
    <Page>
      <PageHeader
        title={t('adminWithdrawals.title')}
        lead={t('adminWithdrawals.lead')}
        aside={
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void requests.refetch()} disabled={requests.isFetching}>
            {t('adminWithdrawals.refresh')}
          </button>
        }
      />
      {outcome ? (
        <p className={outcome.kind === 'error' ? 'alert' : `alert alert-info ${styles.ok}`} role={outcome.kind === 'error' ? 'alert' : 'status'} data-testid="admin-outcome">
          {outcome.text}
        </p>
      ) : null}
      <div className={styles.tableFrame}>
        <DataTable
          columns={columns}
          rows={requests.data}
          rowKey={(row) => row.id}
          caption={t('adminWithdrawals.tableCaption')}
          empty={t('adminWithdrawals.empty')}
          loading={requests.isLoading}
          loadingLabel={t('common.loading')}
          testId="admin-withdraw-table"
          rowTestId={(row) => `admin-withdraw-${row.id}`}
        />
      </div>

      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        size="sm"
        title={confirming ? t(confirming.action === 'decline' ? 'adminWithdrawals.confirm.declineTitle' : confirming.action === 'retry' ? 'adminWithdrawals.confirm.retryTitle' : 'adminWithdrawals.confirm.approveTitle') : ''}
        description={
          confirming
            ? t(confirming.action === 'decline' ? 'adminWithdrawals.confirm.declineText' : 'adminWithdrawals.confirm.approveText', { amount: format.sats(confirming.row.amount) })
            : undefined
        }
        testId="admin-withdraw-confirm"
        footer={
          confirming ? (
            <>
              <button type="button" className="btn btn-ghost" onClick={() => setConfirming(null)}>
                {t('adminWithdrawals.confirm.back')}
              </button>
              <button
                type="button"
                className={`btn ${confirming.action === 'decline' ? styles.dangerButton : 'btn-primary'}`}
                onClick={() => void decide(confirming.row, confirming.action)}
                data-testid="admin-withdraw-confirm-button"
              >
                {t(confirming.action === 'decline' ? 'adminWithdrawals.confirm.decline' : 'adminWithdrawals.confirm.approve')}
              </button>
            </>
          ) : null
        }
      >
        {confirming ? (
          <dl className={styles.confirmList}>
            <div>
              <dt>{t('adminWithdrawals.columns.player')}</dt>
              <dd className={styles.confirmPlayer}>{who(confirming.row)}</dd>
            </div>
            <div>
              <dt>{t('adminWithdrawals.columns.amount')}</dt>
              <dd data-testid="admin-confirm-amount">
                <SatsAmount sats={confirming.row.amount} size="lg" />
              </dd>
            </div>
            <div>
              <dt>{t('adminWithdrawals.confirm.method')}</dt>
              <dd>{t(`withdraw.method.${confirming.row.method}`)}</dd>
            </div>
            <div>
              <dt>{t('adminWithdrawals.columns.target')}</dt>
              <dd>
                <code className={styles.confirmTarget} data-testid="admin-confirm-target">
                  {confirming.row.targetAddress}
                </code>
              </dd>
            </div>
          </dl>
        ) : null}
      </Dialog>
    </Page>
  );
}
