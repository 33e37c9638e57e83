import type { HeldDeposit } from '@bahati/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { DataTable } from '@/components/data-table/data-table';
import { Page, PageHeader } from '@/components/page/page';
import { apiErrorMessage, apiServerMessage } from '@/lib/api';
import { useGetHeldDepositsQuery, useRetryHeldDepositRefundMutation } from './admin-held-deposits-api';
import { useHeldDepositColumns } from './held-deposit-columns';
import { RefundDialog } from './refund-dialog';
import { ReleaseDialog } from './release-dialog';

const keyOf = (row: HeldDeposit) => `${row.method}:${row.id}`;

/**
 * Admin "Held deposits": paid deposits that were not credited because they would have taken the bank past the most a
 * bank may hold. An admin credits one (with a reason, and a tick when it passes the limit) or sends it back (to an
 * address or a payment request, with a reason); each keeps its outcome, and a failed refund can be retried.
 */
export function Component() {
  const { t } = useTranslation();
  const held = useGetHeldDepositsQuery();
  const [retryRefund, retrying] = useRetryHeldDepositRefundMutation();
  const [releasing, setReleasing] = useState<HeldDeposit | null>(null);
  const [refunding, setRefunding] = useState<HeldDeposit | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const format = useSatsFormat();

  useEffect(() => {
    document.title = `${t('adminHeldDeposits.title')} · ${t('common.brand')}`;
  }, [t]);

  async function retry(row: HeldDeposit) {
    try {
      await retryRefund({ playerId: row.playerId, method: row.method, id: row.id }).unwrap();
      setNotice({ tone: 'success', text: t('adminHeldDeposits.refunded', { amount: format.sats(row.amount), player: row.email ?? row.playerId }) });
    } catch (error) {
      setNotice({ tone: 'error', text: t('adminHeldDeposits.refund.payoutFailed', { message: apiServerMessage(error) ?? apiErrorMessage(t, error) ?? t('staff.network') }) });
    }
  }

  const columns = useHeldDepositColumns({
    release: setReleasing,
    refund: setRefunding,
    retry: (row) => void retry(row),
    retrying: retrying.isLoading ? (retrying.originalArgs?.id ?? null) : null,
  });

  return (
    <Page>
      <PageHeader
        title={t('adminHeldDeposits.title')}
        lead={t('adminHeldDeposits.lead')}
        aside={
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void held.refetch()} disabled={held.isFetching}>
            {t('adminHeldDeposits.refresh')}
          </button>
        }
      />

      {notice ? (
        <p className={notice.tone === 'error' ? 'alert' : 'alert alert-info'} role={notice.tone === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      ) : null}
      {held.isError ? (
        <p className="alert" role="alert">
          {t('adminHeldDeposits.loadFailed', { message: apiServerMessage(held.error) ?? apiErrorMessage(t, held.error) ?? t('staff.network') })}
        </p>
      ) : null}

      <DataTable
        columns={columns}
        rows={held.data}
        rowKey={keyOf}
        caption={t('adminHeldDeposits.tableCaption')}
        empty={t('adminHeldDeposits.empty')}
        loading={held.isLoading}
        loadingLabel={t('common.loading')}
        testId="held-deposit-table"
        rowTestId={(row) => `held-${row.id}`}
      />

      <ReleaseDialog row={releasing} onClose={() => setReleasing(null)} onDone={(text) => setNotice({ tone: 'success', text })} />
      <RefundDialog row={refunding} onClose={() => setRefunding(null)} onDone={(tone, text) => setNotice({ tone, text })} />
    </Page>
  );
}
