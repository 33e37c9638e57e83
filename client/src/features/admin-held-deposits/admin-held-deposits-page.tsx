import type { HeldDeposit } from '@bahati/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SatsAmount, useSatsFormat } from '@/components/amount/sats-amount';
import { DataTable, type Column } from '@/components/data-table/data-table';
import { Dialog } from '@/components/dialog/dialog';
import { useDateTimeFormat } from '@/components/format/format';
import { LocalizedLink } from '@/components/localized-link';
import { Page, PageHeader } from '@/components/page/page';
import { apiErrorMessage, apiServerMessage } from '@/lib/api';
import { useGetHeldDepositsQuery, useReleaseHeldDepositMutation } from './admin-held-deposits-api';
import styles from './admin-held-deposits.module.css';

const keyOf = (row: HeldDeposit) => `${row.method}:${row.id}`;

/**
 * Admin "Held deposits": paid deposits that were not credited because they would have taken the bank past
 * the most a bank may hold. An admin credits one after a confirmation naming the player and the amounts.
 */
export function Component() {
  const { t } = useTranslation();
  const held = useGetHeldDepositsQuery();
  const [release, releasing] = useReleaseHeldDepositMutation();
  const [chosen, setChosen] = useState<HeldDeposit | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const formatDate = useDateTimeFormat();
  const format = useSatsFormat();

  useEffect(() => {
    document.title = `${t('adminHeldDeposits.title')} · ${t('common.brand')}`;
  }, [t]);

  async function credit(row: HeldDeposit) {
    try {
      await release({ playerId: row.playerId, method: row.method, id: row.id }).unwrap();
      setNotice({ tone: 'success', text: t('adminHeldDeposits.credited', { amount: format.sats(row.amount), player: row.email ?? row.playerId }) });
    } catch (error) {
      setNotice({ tone: 'error', text: t('adminHeldDeposits.failed', { message: apiServerMessage(error) ?? apiErrorMessage(t, error) ?? t('staff.network') }) });
    } finally {
      setChosen(null);
    }
  }

  const columns: Column<HeldDeposit>[] = [
    { key: 'time', header: t('adminHeldDeposits.columns.time'), cell: (row) => <span className={styles.nowrap}>{formatDate(row.time)}</span> },
    {
      key: 'player',
      header: t('adminHeldDeposits.columns.player'),
      cell: (row) => <LocalizedLink to={`/admin/players/${row.playerId}`}>{row.email ?? row.playerId}</LocalizedLink>,
      primary: true,
    },
    {
      key: 'deposit',
      header: t('adminHeldDeposits.columns.deposit'),
      cell: (row) => (
        <span className={styles.deposit}>
          <span>{t(`adminHeldDeposits.method.${row.method}`)}</span>
          <code className={`mono ${styles.id}`} title={row.id}>
            {row.id}
          </code>
        </span>
      ),
    },
    { key: 'amount', header: t('adminHeldDeposits.columns.amount'), cell: (row) => <SatsAmount sats={row.amount} stacked />, align: 'end' },
    { key: 'bank', header: t('adminHeldDeposits.columns.bank'), cell: (row) => <SatsAmount sats={row.bank} stacked />, align: 'end' },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('adminHeldDeposits.columns.actions')}</span>,
      cell: (row) => (
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setChosen(row)} data-testid={`credit-${row.id}`}>
          {t('adminHeldDeposits.credit')}
        </button>
      ),
      align: 'end',
    },
  ];

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

      <Dialog
        open={chosen !== null}
        onClose={() => setChosen(null)}
        title={t('adminHeldDeposits.confirm.title')}
        description={
          chosen
            ? t('adminHeldDeposits.confirm.text', {
                amount: format.sats(chosen.amount),
                player: chosen.email ?? chosen.playerId,
                total: format.sats(chosen.bank + chosen.amount),
              })
            : undefined
        }
        dismissible={!releasing.isLoading}
        size="sm"
        testId="credit-dialog"
        footer={
          <>
            <button type="button" className="btn btn-ghost" onClick={() => setChosen(null)} disabled={releasing.isLoading}>
              {t('adminHeldDeposits.confirm.cancel')}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => chosen && void credit(chosen)} disabled={releasing.isLoading}>
              {t('adminHeldDeposits.confirm.confirm')}
            </button>
          </>
        }
      />
    </Page>
  );
}
