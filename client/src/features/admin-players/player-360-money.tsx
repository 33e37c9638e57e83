import type { Bonus, Deposit, LightningInvoice, PlayerOverview, WithdrawRequestView } from '@bahati/contracts';
import { useTranslation } from 'react-i18next';
import { SatsAmount, useSatsFormat } from '@/components/amount/sats-amount';
import { DataTable, type Column } from '@/components/data-table/data-table';
import { truncateMiddle, useDateTimeFormat } from '@/components/format/format';
import { StatusBadge, type StatusTone } from '@/components/status-badge/status-badge';
import { Faint, Section } from './player-360-section';
import styles from './player-360.module.css';

const TONES: Record<string, StatusTone> = {
  Pending: 'pending', Deposited: 'success', Held: 'danger', Opened: 'pending', Settled: 'success', Canceled: 'neutral',
  Created: 'pending', Approved: 'success', Declined: 'danger', Offered: 'pending', Accepted: 'success', Expired: 'neutral', Complete: 'success', Forgiven: 'neutral',
  None: 'neutral', Paying: 'pending', Failed: 'danger', Paid: 'success',
};

/** What the player put in, took out and was given, to date. */
export function MoneyTotals({ totals }: { totals: PlayerOverview['totals'] }) {
  const { t } = useTranslation();
  return (
    <dl className={`panel ${styles.totals}`} aria-label={t('adminPlayers.view.totals')} data-testid="player-totals">
      <div>
        <dt>{t('adminWithdrawals.risk.deposited')}</dt>
        <dd data-testid="total-deposited">
          <SatsAmount sats={totals.deposited} />
        </dd>
      </div>
      <div>
        <dt>{t('adminWithdrawals.risk.withdrawn')}</dt>
        <dd data-testid="total-withdrawn">
          <SatsAmount sats={totals.withdrawn} />
        </dd>
      </div>
      <div>
        <dt>{t('adminWithdrawals.risk.bonuses')}</dt>
        <dd data-testid="total-bonuses">
          <SatsAmount sats={totals.bonuses} />
        </dd>
      </div>
    </dl>
  );
}

/** Bitcoin deposits, Lightning invoices and withdrawals, newest first. */
export function MoneySection({ view, loading }: { view: PlayerOverview | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  const format = useSatsFormat();
  const sats = (n: number) => <span className={styles.number}>{t('amount.sats', { amount: format.sats(n) })}</span>;
  const when = (iso: string) => <span className={styles.nowrap}>{formatDate(iso)}</span>;
  const badge = (status: string, text: string) => <StatusBadge tone={TONES[status] ?? 'neutral'}>{text}</StatusBadge>;
  const code = (text: string) => (
    <code className={styles.code} title={text}>
      {truncateMiddle(text, 10, 6)}
    </code>
  );

  const deposits: Column<Deposit>[] = [
    { key: 'time', header: t('adminPlayers.view.columns.time'), cell: (r) => when(r.time), primary: true },
    { key: 'amount', header: t('adminPlayers.view.columns.amount'), cell: (r) => sats(r.depositAmount), align: 'end' },
    { key: 'status', header: t('adminPlayers.view.columns.status'), cell: (r) => badge(r.status, t(`deposit.bitcoin.status.${r.status}`)) },
    { key: 'address', header: t('adminPlayers.view.columns.address'), cell: (r) => code(r.address) },
    { key: 'transaction', header: t('adminPlayers.view.columns.transaction'), cell: (r) => code(`${r.transactionId}:${r.vout}`) },
  ];
  const invoices: Column<LightningInvoice>[] = [
    { key: 'time', header: t('adminPlayers.view.columns.time'), cell: (r) => when(r.createdTime), primary: true },
    { key: 'amount', header: t('adminPlayers.view.columns.amount'), cell: (r) => sats(r.amount), align: 'end' },
    { key: 'status', header: t('adminPlayers.view.columns.status'), cell: (r) => badge(r.status, t(`deposit.lightning.status.${r.status}`)) },
    { key: 'settled', header: t('adminPlayers.view.columns.settled'), cell: (r) => (r.settledTime ? when(r.settledTime) : <Faint />) },
  ];
  const withdrawals: Column<WithdrawRequestView>[] = [
    { key: 'time', header: t('adminPlayers.view.columns.time'), cell: (r) => when(r.requestTime), primary: true },
    { key: 'amount', header: t('adminPlayers.view.columns.amount'), cell: (r) => sats(r.amount), align: 'end' },
    { key: 'method', header: t('adminPlayers.view.columns.method'), cell: (r) => t(`withdraw.method.${r.method}`) },
    { key: 'destination', header: t('adminPlayers.view.columns.destination'), cell: (r) => code(r.targetAddress) },
    { key: 'status', header: t('adminPlayers.view.columns.status'), cell: (r) => badge(r.status, t(`withdraw.status.${r.status}`)) },
    {
      key: 'payout',
      header: t('adminPlayers.view.columns.payout'),
      cell: (r) => (r.status === 'Approved' ? badge(r.payout, t(`adminPlayers.view.payout.${r.payout}`)) : <Faint />),
    },
  ];

  const table = <T,>(name: 'deposits' | 'invoices' | 'withdrawals', columns: Column<T>[], rows: T[] | undefined, key: (row: T) => string) => (
    <div className={styles.table}>
      <h3 className={styles.tableTitle}>{t(`adminPlayers.view.${name}.caption`)}</h3>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={key}
        caption={t(`adminPlayers.view.${name}.caption`)}
        empty={t(`adminPlayers.view.${name}.empty`)}
        loading={loading}
        loadingLabel={t('common.loading')}
        testId={`player-${name}`}
        cardsByRoom
      />
    </div>
  );

  return (
    <Section id="player-money" title={t('adminPlayers.view.money.title')} lead={t('adminPlayers.view.money.lead')}>
      {table('deposits', deposits, view?.deposits, (r) => `${r.transactionId}:${r.vout}`)}
      {table('invoices', invoices, view?.invoices, (r) => r.id)}
      {table('withdrawals', withdrawals, view?.withdrawals, (r) => r.id)}
    </Section>
  );
}

/** Every bonus, the first deposit's offer and the codes redeemed, newest first. */
export function BonusesSection({ bonuses, loading }: { bonuses: Bonus[] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  const format = useSatsFormat();
  const columns: Column<Bonus>[] = [
    { key: 'time', header: t('adminPlayers.view.columns.time'), cell: (r) => <span className={styles.nowrap}>{formatDate(r.date)}</span>, primary: true },
    {
      key: 'code',
      header: t('adminPlayers.view.columns.code'),
      cell: (r) => (r.redeemCode ? <code className={styles.code}>{r.redeemCode}</code> : <span>{t('adminPlayers.view.bonuses.firstDeposit')}</span>),
    },
    { key: 'amount', header: t('adminPlayers.view.columns.amount'), cell: (r) => <span className={styles.number}>{t('amount.sats', { amount: format.sats(r.bonusAmount) })}</span>, align: 'end' },
    {
      key: 'status',
      header: t('adminPlayers.view.columns.status'),
      cell: (r) => (
        <span className={styles.stack}>
          <StatusBadge tone={TONES[r.status] ?? 'neutral'}>{t(`bonuses.status.${r.status}`)}</StatusBadge>
          {r.endedBy === 'withdrawal' ? <span className={styles.faint}>{t('adminPlayers.view.bonuses.lapsed')}</span> : null}
        </span>
      ),
    },
    {
      key: 'playthrough',
      header: t('adminPlayers.view.columns.playthrough'),
      cell: (r) => <span className={styles.number}>{t('bonuses.progress', { done: format.sats(r.playthrough), target: format.sats(r.playthroughTarget) })}</span>,
      align: 'end',
    },
  ];
  return (
    <Section id="player-bonuses" title={t('adminPlayers.view.bonuses.title')} lead={t('adminPlayers.view.bonuses.lead')}>
      <div className={styles.table}>
        <DataTable
          columns={columns}
          rows={bonuses}
          rowKey={(r) => r.id}
          caption={t('adminPlayers.view.bonuses.caption')}
          empty={t('adminPlayers.view.bonuses.empty')}
          loading={loading}
          loadingLabel={t('common.loading')}
          testId="player-bonuses"
          cardsByRoom
        />
      </div>
    </Section>
  );
}
