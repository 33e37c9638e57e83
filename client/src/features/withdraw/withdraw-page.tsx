import type { WithdrawRequestView } from '@bahati/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FixedPriceNote, SatsAmount, useSatsFormat } from '@/components/amount/sats-amount';
import { DataTable } from '@/components/data-table/data-table';
import { apiErrorMessage, useGetBankQuery } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { useCurrentPlayer } from '@/lib/current-player';
import { usePlayerEvents } from '@/lib/player-events';
import { useWagering } from '@/lib/wagering';
import { CancelWithdrawalDialog } from './cancel-withdrawal-dialog';
import { CreateWithdrawalDialog } from './create-withdrawal-dialog';
import { useCancelWithdrawalMutation, useGetWithdrawRequestsQuery } from './withdraw-api';
import { useWithdrawColumns } from './withdraw-columns';
import { WithdrawLockedNotice } from './withdraw-locked-notice';
import styles from './withdraw.module.css';
import { Page, PageHeader } from '@/components/page/page';

/** Spec "Withdraw screen": balance, create dialog, the locked notice and the player's requests. */
export function Component() {
  const { t } = useTranslation();
  const { player } = useCurrentPlayer();
  const { data: bank } = useGetBankQuery();
  const requests = useGetWithdrawRequestsQuery();
  const format = useSatsFormat();
  const [creating, setCreating] = useState(false);
  // Accepted bonuses lock withdrawals until what they require is wagered (spec §4); a refused request says so too.
  const { data: bonuses, wagering, refetch: refetchBonuses } = useWagering();
  const offerOpen = bonuses?.some((bonus) => bonus.status === 'Offered') ?? false;
  const [refused, setRefused] = useState(false);
  const locked = refused || wagering.left > 0;
  const [created, setCreated] = useState<number | null>(null);
  // A request the player asked to cancel (the confirmation is open), and what came of the last cancellation.
  const [canceling, setCanceling] = useState<WithdrawRequestView | null>(null);
  const [cancelOutcome, setCancelOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [cancelWithdrawal, { isLoading: cancelBusy }] = useCancelWithdrawalMutation();
  usePlayerEvents();
  useDocumentTitle(t('withdraw.title'));

  async function confirmCancel() {
    if (!canceling) return;
    try {
      const { request } = await cancelWithdrawal(canceling.id).unwrap();
      setCreated(null);
      setCancelOutcome({ ok: true, text: t('withdraw.cancel.done', { amount: format.sats(request.amount) }) });
    } catch (error) {
      setCancelOutcome({ ok: false, text: apiErrorMessage(t, error) ?? t('withdraw.cancel.failed') });
    } finally {
      setCanceling(null);
    }
  }

  const columns = useWithdrawColumns({
    onCancel: (row) => {
      setCancelOutcome(null);
      setCanceling(row);
    },
    cancelBusy,
  });

  return (
    <Page>
      <PageHeader
        title={t('withdraw.title')}
        lead={t('withdraw.lead')}
        aside={
          <div className={`panel ${styles.balanceCard}`}>
            <div data-testid="withdraw-balance">
              <span className={styles.balanceLabel}>{t('withdraw.balance')}</span>
              {bank === undefined ? <span className={styles.skeleton} aria-hidden="true" /> : <SatsAmount sats={bank} size="lg" stacked />}
            </div>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                setCreated(null);
                setCancelOutcome(null);
                setCreating(true);
              }}
              disabled={bank === undefined}
            >
              {t('withdraw.create')}
            </button>
          </div>
        }
      />

      {locked ? <WithdrawLockedNotice refused={refused} wagering={wagering} /> : null}

      {created !== null ? (
        <p className={`alert alert-info ${styles.success}`} role="status" data-testid="withdraw-created">
          {t('withdraw.success', { amount: format.sats(created) })}
        </p>
      ) : null}

      {cancelOutcome ? (
        <p
          className={cancelOutcome.ok ? `alert alert-info ${styles.success}` : 'alert'}
          role={cancelOutcome.ok ? 'status' : 'alert'}
          data-testid="withdraw-cancel-outcome"
        >
          {cancelOutcome.text}
        </p>
      ) : null}

      <section className={`panel ${styles.section}`} aria-label={t('withdraw.tableCaption')}>
        <DataTable
          cardsByRoom
          columns={columns}
          rows={requests.data}
          rowKey={(row) => row.id}
          caption={t('withdraw.tableCaption')}
          empty={t('withdraw.empty')}
          loading={requests.isLoading}
          loadingLabel={t('common.loading')}
          testId="withdraw-table"
          rowTestId={(row) => `withdraw-${row.id}`}
        />
        <FixedPriceNote />
      </section>

      <CancelWithdrawalDialog canceling={canceling} busy={cancelBusy} onClose={() => setCanceling(null)} onConfirm={() => void confirmCancel()} />

      <CreateWithdrawalDialog
        open={creating}
        bank={bank ?? 0}
        offerOpen={offerOpen}
        lockedBy={wagering.left > 0 ? wagering : null}
        phoneVerified={player ? player.verifiedPhoneNumber !== null : undefined}
        onClose={() => setCreating(false)}
        onCreated={(amount) => {
          setCreating(false);
          setRefused(false);
          setCreated(amount);
        }}
        onLocked={() => {
          setCreated(null);
          setRefused(true);
          void refetchBonuses();
        }}
      />
    </Page>
  );
}
