import type { WithdrawRequestView } from '@bahati/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FixedPriceNote, SatsAmount, useSatsFormat } from '@/components/amount/sats-amount';
import { CopyButton } from '@/components/copy-button/copy-button';
import { DataTable, type Column } from '@/components/data-table/data-table';
import { Dialog } from '@/components/dialog/dialog';
import { truncateMiddle, useDateTimeFormat } from '@/components/format/format';
import { LocalizedLink } from '@/components/localized-link';
import { ProgressBar } from '@/components/progress-bar/progress-bar';
import { StatusBadge, type StatusTone } from '@/components/status-badge/status-badge';
import { apiErrorMessage, useGetBankQuery, useGetBonusesQuery } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { useCurrentPlayer } from '@/lib/current-player';
import { usePlayerEvents } from '@/lib/player-events';
import { CreateWithdrawalDialog } from './create-withdrawal-dialog';
import { useCancelWithdrawalMutation, useGetWithdrawRequestsQuery } from './withdraw-api';
import styles from './withdraw.module.css';
import { Page, PageHeader } from '@/components/page/page';

const STATUS_TONE: Record<WithdrawRequestView['status'], StatusTone> = { Created: 'pending', Approved: 'success', Declined: 'danger', Canceled: 'neutral' };

/** Spec "Withdraw screen": balance, create dialog, the locked notice and the player's requests. */
export function Component() {
  const { t } = useTranslation();
  const { player } = useCurrentPlayer();
  const { data: bank } = useGetBankQuery();
  const requests = useGetWithdrawRequestsQuery();
  const formatDate = useDateTimeFormat();
  const format = useSatsFormat();
  const [creating, setCreating] = useState(false);
  // An accepted bonus locks withdrawals until its playthrough is met (spec §4); a refused request says so too.
  const { data: bonuses } = useGetBonusesQuery(undefined, { refetchOnMountOrArgChange: true });
  const activeBonus = bonuses?.find((bonus) => bonus.status === 'Accepted');
  const offerOpen = bonuses?.some((bonus) => bonus.status === 'Offered') ?? false;
  const [refused, setRefused] = useState(false);
  const locked = refused || activeBonus !== undefined;
  const lockedNotice = useRef<HTMLDivElement>(null);
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

  useEffect(() => {
    if (refused) lockedNotice.current?.focus();
  }, [refused]);

  const columns: Column<WithdrawRequestView>[] = [
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
            onClick={() => {
              setCancelOutcome(null);
              setCanceling(row);
            }}
            disabled={cancelBusy}
            aria-label={t('withdraw.cancel.label', { amount: format.sats(row.amount) })}
            data-testid="withdraw-cancel"
          >
            {t('withdraw.cancel.button')}
          </button>
        ) : null,
    },
  ];

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

      {locked ? (
        <div
          ref={lockedNotice}
          className={`alert alert-info ${styles.locked}`}
          role={refused ? 'alert' : 'status'}
          tabIndex={-1}
          data-testid="withdraw-locked"
          data-refused={refused ? 'true' : undefined}
        >
          <span className={styles.lockIcon} aria-hidden="true">
            <svg viewBox="0 0 24 24" width="22" height="22">
              <rect x="5" y="10.5" width="14" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
              <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
            </svg>
          </span>
          <div>
            <strong>{t('withdraw.locked.title')}</strong>
            <p>{t('withdraw.locked.text')}</p>
            {activeBonus ? (
              <div className={styles.lockedProgress}>
                <ProgressBar
                  value={activeBonus.playthrough}
                  max={activeBonus.playthroughTarget}
                  label={t('withdraw.locked.progressLabel', {
                    done: format.sats(Math.min(activeBonus.playthrough, activeBonus.playthroughTarget)),
                    target: format.sats(activeBonus.playthroughTarget),
                  })}
                />
                <p>
                  {t('withdraw.locked.progress', {
                    done: format.sats(Math.min(activeBonus.playthrough, activeBonus.playthroughTarget)),
                    target: format.sats(activeBonus.playthroughTarget),
                    left: format.sats(Math.max(activeBonus.playthroughTarget - activeBonus.playthrough, 0)),
                  })}
                </p>
              </div>
            ) : null}
            <p className={styles.lockedLinks}>
              <LocalizedLink to="/bonuses">{t('withdraw.locked.bonuses')}</LocalizedLink>
              <LocalizedLink to="/bahati-terms-of-use">{t('withdraw.locked.terms')}</LocalizedLink>
            </p>
          </div>
        </div>
      ) : null}

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

      <Dialog
        open={canceling !== null}
        onClose={() => setCanceling(null)}
        dismissible={!cancelBusy}
        size="sm"
        title={t('withdraw.cancel.title')}
        description={canceling ? t('withdraw.cancel.text', { amount: format.sats(canceling.amount) }) : undefined}
        testId="withdraw-cancel-dialog"
        footer={
          <>
            <button type="button" className="btn btn-ghost" onClick={() => setCanceling(null)} disabled={cancelBusy}>
              {t('withdraw.cancel.keep')}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void confirmCancel()} disabled={cancelBusy} data-testid="withdraw-cancel-confirm">
              {cancelBusy ? t('withdraw.cancel.working') : t('withdraw.cancel.confirm')}
            </button>
          </>
        }
      >
        {canceling ? (
          <dl className={styles.reviewList}>
            <div>
              <dt>{t('withdraw.confirm.amount')}</dt>
              <dd>
                <SatsAmount sats={canceling.amount} />
              </dd>
            </div>
            <div>
              <dt>{canceling.method === 'lightning' ? t('withdraw.dialog.paymentRequest') : t('withdraw.dialog.address')}</dt>
              <dd>
                <code className={styles.reviewTarget}>{canceling.targetAddress}</code>
              </dd>
            </div>
          </dl>
        ) : null}
      </Dialog>

      <CreateWithdrawalDialog
        open={creating}
        bank={bank ?? 0}
        offerOpen={offerOpen}
        phoneVerified={player ? player.verifiedPhoneNumber !== null : undefined}
        onClose={() => setCreating(false)}
        onCreated={(amount) => {
          setCreating(false);
          setRefused(false);
          setCreated(amount);
        }}
        onLocked={() => {
          setCreating(false);
          setCreated(null);
          setRefused(true);
        }}
      />
    </Page>
  );
}
