import type { Hand, SuspectRecordView } from '@bahati/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { SatsAmount, useSatsFormat } from '@/components/amount/sats-amount';
import { DataTable, type Column } from '@/components/data-table/data-table';
import { truncateMiddle, useDateTimeFormat } from '@/components/format/format';
import { LocalizedLink } from '@/components/localized-link';
import { Page, PageHeader } from '@/components/page/page';
import { Pager } from '@/components/pager/pager';
import { PageLoader } from '@/components/spinner';
import { StatusBadge } from '@/components/status-badge/status-badge';
import { useFormats } from '@/i18n/use-localized-path';
import { usePlayerById, useStaffRoles } from '@/lib/staff';
import { useGetPlayerHandsQuery, useGetPlayerOverviewQuery, useGetSuspectRecordsQuery } from './admin-players-api';
import { BonusesSection, MoneySection, MoneyTotals } from './player-360-money';
import { ProtectionsSection, SessionsSection } from './player-360-history';
import { NotesSection, StaffActionsSection } from './player-360-notes';
import { BanState, BanToggle, SuspectLevelInput, refusalText } from './player-controls';
import { DirectionArrow } from '@/components/direction-arrow/direction-arrow';
import styles from './admin-players.module.css';

const RECORDS_PER_PAGE = 25;
const HANDS_PER_PAGE = 25;

/** The admin a manual change names, by e-mail once the players read model has answered. */
function AdminName({ id }: { id: string }) {
  const { player } = usePlayerById(id);
  return <span className={styles.email}>{player?.email ?? truncateMiddle(id, 8, 4)}</span>;
}

function SuspectRecords({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  const formats = useFormats();
  const [offset, setOffset] = useState(0);
  const records = useGetSuspectRecordsQuery({ playerId, offset, limit: RECORDS_PER_PAGE });
  const action = (a: SuspectRecordView['expectedAction']) => (a ? t(`adminPlayers.actions.${a}`) : <span className={styles.faint}>—</span>);
  const value = (v: number | null) => (v === null ? <span className={styles.faint}>—</span> : <span className={styles.number}>{v}</span>);

  const columns: Column<SuspectRecordView>[] = [
    { key: 'time', header: t('adminPlayers.records.columns.time'), cell: (row) => <span className={styles.nowrap}>{formatDate(row.time)}</span> },
    { key: 'reason', header: t('adminPlayers.records.columns.reason'), cell: (row) => t(`adminPlayers.reasons.${row.reason}`), primary: true },
    {
      key: 'hand',
      header: t('adminPlayers.records.columns.hand'),
      cell: (row) =>
        row.handId ? (
          <LocalizedLink to={`/admin/hands/${row.handId}`} className={styles.code} aria-label={t('adminPlayers.records.handLink', { id: row.handId })}>
            {truncateMiddle(row.handId, 8, 4)}
          </LocalizedLink>
        ) : (
          <span className={styles.faint}>—</span>
        ),
    },
    { key: 'player', header: t('adminPlayers.records.columns.player'), cell: (row) => value(row.playerHandValue), align: 'end' },
    { key: 'dealer', header: t('adminPlayers.records.columns.dealer'), cell: (row) => value(row.dealerHandValue), align: 'end' },
    { key: 'expected', header: t('adminPlayers.records.columns.expected'), cell: (row) => action(row.expectedAction) },
    { key: 'actual', header: t('adminPlayers.records.columns.actual'), cell: (row) => action(row.actualAction) },
    {
      key: 'change',
      header: t('adminPlayers.records.columns.change'),
      cell: (row) => <span className={row.suspectChange > 0 ? styles.up : styles.down}>{formats.signed(row.suspectChange)}</span>,
      align: 'end',
    },
    { key: 'admin', header: t('adminPlayers.records.columns.admin'), cell: (row) => (row.adminId ? <AdminName id={row.adminId} /> : <span className={styles.faint}>—</span>) },
  ];

  return (
    <section className={styles.section} aria-labelledby="suspect-records">
      <div className={styles.sectionHead}>
        <h2 id="suspect-records" className={styles.sectionTitle}>
          {t('adminPlayers.records.title')}
        </h2>
        <p className={styles.sectionLead}>{t('adminPlayers.records.lead')}</p>
      </div>
      {records.isError ? (
        <p className="alert" role="alert">
          {t('staff.loadFailed', { message: refusalText(t, records.error) })}
        </p>
      ) : null}
      <div className={styles.table}>
        <DataTable
          columns={columns}
          rows={records.data?.items}
          rowKey={(row) => row.id}
          caption={t('adminPlayers.records.caption')}
          empty={t('adminPlayers.records.empty')}
          loading={records.isLoading}
          loadingLabel={t('common.loading')}
          testId="suspect-records"
          rowTestId={(row) => `suspect-record-${row.reason}`}
        />
      </div>
      {records.data ? (
        <Pager offset={offset} limit={RECORDS_PER_PAGE} total={records.data.total} onChange={setOffset} label={t('adminPlayers.records.pages')} disabled={records.isFetching} />
      ) : null}
    </section>
  );
}

function PlayerHands({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  const format = useSatsFormat();
  const [offset, setOffset] = useState(0);
  const hands = useGetPlayerHandsQuery({ playerId, offset, limit: HANDS_PER_PAGE });

  const result = (hand: Hand) =>
    hand.phase === 'Settled' ? hand.playerHands.map((h) => t(`ledger.states.${h.handState}`)).join(' · ') : t('adminPlayers.hands.inPlay');

  const columns: Column<Hand>[] = [
    { key: 'time', header: t('adminPlayers.hands.columns.time'), cell: (row) => <span className={styles.nowrap}>{formatDate(row.createdTime)}</span>, primary: true },
    { key: 'shoe', header: t('adminPlayers.hands.columns.shoe'), cell: (row) => t('ledger.details.handOfShoeValue', { n: row.handNumber, total: 4 }) },
    { key: 'bet', header: t('adminPlayers.hands.columns.bet'), cell: (row) => t('amount.sats', { amount: format.sats(row.baseBetAmount) }), align: 'end' },
    { key: 'staked', header: t('adminPlayers.hands.columns.staked'), cell: (row) => t('amount.sats', { amount: format.sats(row.totalBetAmount) }), align: 'end' },
    {
      key: 'returned',
      header: t('adminPlayers.hands.columns.returned'),
      cell: (row) => (row.winAmount === null ? <span className={styles.faint}>—</span> : t('amount.sats', { amount: format.sats(row.winAmount) })),
      align: 'end',
    },
    { key: 'result', header: t('adminPlayers.hands.columns.result'), cell: (row) => result(row) },
    {
      key: 'audit',
      header: t('adminPlayers.hands.columns.audit'),
      cell: (row) => (
        <LocalizedLink to={`/admin/hands/${row.id}`} className={styles.detailsLink} aria-label={t('adminPlayers.hands.auditOf', { time: formatDate(row.createdTime) })}>
          {t('adminPlayers.hands.audit')}
        </LocalizedLink>
      ),
    },
  ];

  return (
    <section className={styles.section} aria-labelledby="player-hands">
      <div className={styles.sectionHead}>
        <h2 id="player-hands" className={styles.sectionTitle}>
          {t('adminPlayers.hands.title')}
        </h2>
        <p className={styles.sectionLead}>{t('adminPlayers.hands.lead')}</p>
      </div>
      {hands.isError ? (
        <p className="alert" role="alert">
          {t('staff.loadFailed', { message: refusalText(t, hands.error) })}
        </p>
      ) : null}
      <div className={styles.table}>
        <DataTable
          columns={columns}
          rows={hands.data?.items}
          rowKey={(row) => row.id}
          caption={t('adminPlayers.hands.caption')}
          empty={t('adminPlayers.hands.empty')}
          loading={hands.isLoading}
          loadingLabel={t('common.loading')}
          testId="player-hands"
          rowTestId={(row) => `hand-${row.id}`}
        />
      </div>
      {hands.data ? (
        <Pager offset={offset} limit={HANDS_PER_PAGE} total={hands.data.total} onChange={setOffset} label={t('adminPlayers.hands.pages')} disabled={hands.isFetching} />
      ) : null}
    </section>
  );
}

/** A player's details (spec §2): the figures, the ban and level for admins, the suspect records and the hands, each hand linking to its audit. */
export function Component() {
  const { t } = useTranslation();
  const { playerId = '' } = useParams();
  const formatDate = useDateTimeFormat();
  const { isAdmin } = useStaffRoles();
  const { player, isLoading, isError, notFound, error, refetch } = usePlayerById(playerId);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    document.title = `${player?.email ?? t('adminPlayers.detail.title')} · ${t('common.brand')}`;
  }, [t, player?.email]);

  const back = (
    <LocalizedLink to="/admin/players" className={styles.back}>
      <DirectionArrow to="previous" className={styles.backArrow} />{' '}
      {t('adminPlayers.detail.back')}
    </LocalizedLink>
  );

  if (isLoading) return <PageLoader label={t('common.loading')} />;
  if (isError || notFound || !player) {
    return (
      <Page>
        {back}
        <PageHeader title={t('adminPlayers.detail.title')} />
        <p className="alert" role="alert">
          {notFound ? t('adminPlayers.detail.notFound') : t('staff.loadFailed', { message: refusalText(t, error) })}
        </p>
        {isError ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={refetch}>
            {t('common.retry')}
          </button>
        ) : null}
      </Page>
    );
  }

  return (
    <Page>
      {back}
      <PageHeader
        title={<span className={styles.titleEmail}>{player.email}</span>}
        lead={player.name ? player.name : undefined}
        aside={
          <LocalizedLink to={`/admin/support?player=${player.id}`} className="btn btn-ghost btn-sm">
            {t('adminPlayers.detail.ledgerDay')}
          </LocalizedLink>
        }
      />
      {outcome ? (
        <p className={outcome.ok ? `alert alert-info ${styles.ok}` : 'alert'} role={outcome.ok ? 'status' : 'alert'} data-testid="players-outcome">
          {outcome.text}
        </p>
      ) : null}
      <dl className={`panel ${styles.facts}`} data-testid="player-facts">
        <div>
          <dt>{t('adminPlayers.detail.id')}</dt>
          <dd>
            <code className={styles.code}>{player.id}</code>
          </dd>
        </div>
        <div>
          <dt>{t('adminPlayers.columns.firstLogin')}</dt>
          <dd>{formatDate(player.createdTime)}</dd>
        </div>
        <div>
          <dt>{t('adminPlayers.columns.banned')}</dt>
          <dd>{isAdmin ? <BanToggle player={player} onResult={setOutcome} /> : <BanState banned={player.banned} />}</dd>
        </div>
        <div>
          <dt>{t('adminPlayers.columns.suspectLevel')}</dt>
          <dd>{isAdmin ? <SuspectLevelInput player={player} /> : <span data-testid="suspect-level">{player.suspectLevel}</span>}</dd>
        </div>
        <div>
          <dt>{t('adminPlayers.columns.hands')}</dt>
          <dd className={styles.number}>{player.handsPlayed}</dd>
        </div>
        <div>
          <dt>{t('adminPlayers.columns.totalBet')}</dt>
          <dd>
            <SatsAmount sats={player.totalBetAmount} />
          </dd>
        </div>
        <div>
          <dt>{t('adminPlayers.columns.level')}</dt>
          <dd className={styles.number}>{player.level}</dd>
        </div>
        <div>
          <dt>{t('adminPlayers.columns.bank')}</dt>
          <dd>
            <SatsAmount sats={player.bank} />
          </dd>
        </div>
        <div>
          <dt>{t('adminPlayers.list.lastActive')}</dt>
          <dd>{player.lastActive ? formatDate(player.lastActive) : <span className={styles.faint}>{t('adminPlayers.list.never')}</span>}</dd>
        </div>
        <div>
          <dt>{t('adminPlayers.detail.selfExcluded')}</dt>
          <dd>{player.selfExclude ? <StatusBadge tone="pending">{t('adminPlayers.detail.yes')}</StatusBadge> : <span className={styles.faint}>{t('adminPlayers.detail.no')}</span>}</dd>
        </div>
      </dl>
      <Player360 playerId={player.id} isAdmin={isAdmin} />
    </Page>
  );
}

/**
 * The 360 view under the facts: money to date, the notes staff left, the suspect timeline (each record linking to
 * its hand's audit), deposits and withdrawals, bonuses and codes, sessions with their addresses, limits and
 * self-exclusion, the staff decisions (admins), and the hands.
 */
function Player360({ playerId, isAdmin }: { playerId: string; isAdmin: boolean }) {
  const { t } = useTranslation();
  const overview = useGetPlayerOverviewQuery(playerId);
  const view = overview.data;
  const loading = overview.isLoading;
  return (
    <>
      {overview.isError ? (
        <p className="alert" role="alert">
          {t('staff.loadFailed', { message: refusalText(t, overview.error) })}
        </p>
      ) : null}
      {view ? <MoneyTotals totals={view.totals} /> : null}
      <NotesSection playerId={playerId} notes={view?.notes} loading={loading} />
      <SuspectRecords playerId={playerId} />
      <MoneySection view={view} loading={loading} />
      <BonusesSection bonuses={view?.bonuses} loading={loading} />
      <SessionsSection sessions={view?.sessions} loading={loading} />
      <ProtectionsSection changes={view?.protections} loading={loading} />
      {isAdmin ? <StaffActionsSection playerId={playerId} actions={view?.staffActions ?? undefined} loading={loading} /> : null}
      <PlayerHands playerId={playerId} />
    </>
  );
}
