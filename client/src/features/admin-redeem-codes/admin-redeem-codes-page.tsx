import type { RedeemCodeView } from '@bahati/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SatsAmount, useSatsFormat } from '@/components/amount/sats-amount';
import { DataTable, type Column } from '@/components/data-table/data-table';
import { useDateTimeFormat } from '@/components/format/format';
import { Page, PageHeader } from '@/components/page/page';
import { StatusBadge, type StatusTone } from '@/components/status-badge/status-badge';
import { apiErrorMessage, apiServerMessage } from '@/lib/api';
import { useGetRedeemCodesQuery } from './admin-redeem-codes-api';
import { CreateRedeemCodeForm } from './create-redeem-code-form';
import styles from './admin-redeem-codes.module.css';

type CodeState = 'active' | 'expired' | 'usedUp';
const STATE_TONE: Record<CodeState, StatusTone> = { active: 'success', expired: 'neutral', usedUp: 'neutral' };

function stateOf(code: RedeemCodeView, now: number): CodeState {
  if (code.expiresAt !== null && new Date(code.expiresAt).getTime() <= now) return 'expired';
  if (code.maxRedemptions !== null && code.redemptions >= code.maxRedemptions) return 'usedUp';
  return 'active';
}

/** Admin "Redeem codes": every code with its redemptions, and a form for a new one. */
export function Component() {
  const { t } = useTranslation();
  const codes = useGetRedeemCodesQuery();
  const formatDate = useDateTimeFormat();
  const format = useSatsFormat();
  const now = Date.now();

  useEffect(() => {
    document.title = `${t('adminRedeemCodes.title')} · ${t('common.brand')}`;
  }, [t]);

  const columns: Column<RedeemCodeView>[] = [
    { key: 'code', header: t('adminRedeemCodes.columns.code'), cell: (row) => <code className={styles.code}>{row.code}</code>, primary: true },
    { key: 'bonus', header: t('adminRedeemCodes.columns.bonus'), cell: (row) => <SatsAmount sats={row.bonusAmount} stacked />, align: 'end' },
    { key: 'target', header: t('adminRedeemCodes.columns.target'), cell: (row) => t('amount.sats', { amount: format.sats(row.playthroughTarget) }), align: 'end' },
    {
      key: 'uses',
      header: t('adminRedeemCodes.columns.uses'),
      cell: (row) => (
        <span data-testid="redeem-code-uses">
          {row.maxRedemptions === null
            ? t('adminRedeemCodes.usesUnlimited', { count: row.redemptions })
            : t('adminRedeemCodes.uses', { count: row.redemptions, max: format.sats(row.maxRedemptions) })}
        </span>
      ),
      align: 'end',
    },
    {
      key: 'minBank',
      header: t('adminRedeemCodes.columns.minBank'),
      cell: (row) => t('adminRedeemCodes.minBank', { count: row.minBank, amount: format.sats(row.minBank) }),
      align: 'end',
    },
    { key: 'expires', header: t('adminRedeemCodes.columns.expires'), cell: (row) => (row.expiresAt ? formatDate(row.expiresAt) : t('adminRedeemCodes.never')) },
    { key: 'created', header: t('adminRedeemCodes.columns.created'), cell: (row) => formatDate(row.createdTime) },
    {
      key: 'status',
      header: t('adminRedeemCodes.columns.status'),
      cell: (row) => {
        const state = stateOf(row, now);
        return <StatusBadge tone={STATE_TONE[state]}>{t(`adminRedeemCodes.status.${state}`)}</StatusBadge>;
      },
    },
  ];

  return (
    <Page>
      <PageHeader
        title={t('adminRedeemCodes.title')}
        lead={t('adminRedeemCodes.lead')}
        aside={
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void codes.refetch()} disabled={codes.isFetching}>
            {t('adminRedeemCodes.refresh')}
          </button>
        }
      />

      <section className={`panel ${styles.card}`} aria-labelledby="new-redeem-code">
        <h2 id="new-redeem-code" className={styles.h2}>
          {t('adminRedeemCodes.form.title')}
        </h2>
        <CreateRedeemCodeForm />
      </section>

      {codes.isError ? (
        <p className="alert" role="alert">
          {t('adminRedeemCodes.loadFailed', { message: apiServerMessage(codes.error) ?? apiErrorMessage(t, codes.error) ?? t('bonuses.failed') })}
        </p>
      ) : null}

      <DataTable
        columns={columns}
        rows={codes.data}
        rowKey={(row) => row.code}
        caption={t('adminRedeemCodes.tableCaption')}
        empty={t('adminRedeemCodes.empty')}
        loading={codes.isLoading}
        loadingLabel={t('common.loading')}
        testId="redeem-code-table"
        rowTestId={(row) => `redeem-code-${row.code}`}
      />
    </Page>
  );
}
