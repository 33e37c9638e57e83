import type { WithdrawRequestView } from '@bahati/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { DataTable } from '@/components/data-table/data-table';
import { apiErrorMessage, apiServerMessage } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { useApproveWithdrawRequestMutation, useDeclineWithdrawRequestMutation, useGetAdminWithdrawRequestsQuery, useGetWithdrawRiskQuery } from './admin-withdrawals-api';
import { ConfirmDecisionDialog } from './confirm-decision-dialog';
import { useWithdrawRequestColumns, type Action } from './withdraw-request-columns';
import styles from './admin-withdrawals.module.css';
import { Page, PageHeader } from '@/components/page/page';

type Outcome = { kind: 'error'; text: string } | { kind: 'ok'; text: string };

/** Why a decision failed: admin actions show the server's own text (spec §8), with the catalogs' words as a fallback. */
function failureText(t: TFunction, error: unknown): string {
  const message = apiServerMessage(error) ?? apiErrorMessage(t, error);
  if (message) return message;
  const data = (error as { data?: unknown } | undefined)?.data;
  if (typeof data === 'string' && data) return data;
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' ? `HTTP ${status}` : String((error as { error?: unknown } | undefined)?.error ?? error);
}

/**
 * Admin "Withdraw requests": every request, with Approve and Decline on the ones still in review. A request above
 * the four-eyes amount shows its first approval and waits for a different admin; a player held for review is
 * approved only with a reason.
 */
export function Component() {
  const { t } = useTranslation();
  const format = useSatsFormat();
  const requests = useGetAdminWithdrawRequestsQuery();
  const riskList = useGetWithdrawRiskQuery();
  const risk = useMemo(() => new Map((riskList.data ?? []).map((r) => [r.withdrawalId, r])), [riskList.data]);
  const [approve] = useApproveWithdrawRequestMutation();
  const [decline] = useDeclineWithdrawRequestMutation();
  const [working, setWorking] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // The decision waiting for the admin to confirm it, with the amount and the destination in front of them.
  const [confirming, setConfirming] = useState<{ row: WithdrawRequestView; action: Action } | null>(null);
  useDocumentTitle(t('adminWithdrawals.title'));

  async function decide(row: WithdrawRequestView, action: Action, reason?: string) {
    setConfirming(null);
    setWorking(row.id);
    setOutcome(null);
    try {
      const updated = await (action === 'decline' ? decline({ id: row.id, reason }) : approve({ id: row.id, reason })).unwrap();
      setOutcome({
        kind: 'ok',
        text:
          action === 'approve' && updated.status === 'Created'
            ? t('adminWithdrawals.firstRecorded')
            : action === 'approve'
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

  const columns = useWithdrawRequestColumns({ working, risk, onDecision: (row, action) => setConfirming({ row, action }) });

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
      <ConfirmDecisionDialog confirming={confirming} risk={confirming ? risk.get(confirming.row.id) : undefined} onClose={() => setConfirming(null)} onConfirm={(row, action, reason) => void decide(row, action, reason)} />
    </Page>
  );
}
