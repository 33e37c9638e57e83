import type { AdminPlayer } from '@bahati/contracts';
import { PAGE_LIMIT_DEFAULT } from '@bahati/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { SatsAmount } from '@/components/amount/sats-amount';
import { DataTable, type Column } from '@/components/data-table/data-table';
import { useDateTimeFormat } from '@/components/format/format';
import { LocalizedLink } from '@/components/localized-link';
import { Page, PageHeader } from '@/components/page/page';
import { Pager } from '@/components/pager/pager';
import { useGetPlayersQuery, useStaffRoles } from '@/lib/staff';
import { BanState, BanToggle, SuspectLevelInput, refusalText } from './player-controls';
import { anyFilter, filtersFrom, PlayerFilterForm, type PlayerFilters, writeFilters } from './player-filters';
import styles from './admin-players.module.css';

type Outcome = { ok: boolean; text: string };

/** Admin "Players" (spec §2): every player, searchable by e-mail and paged; admins ban and set suspect levels, support reads. */
export function Component() {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  const { isAdmin } = useStaffRoles();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const offset = Math.max(0, Number.parseInt(params.get('offset') ?? '0', 10) || 0);
  const filters = filtersFrom(params);
  const filtered = anyFilter(filters);
  const players = useGetPlayersQuery({ q, offset, limit: PAGE_LIMIT_DEFAULT, ...filters });
  const [search, setSearch] = useState(q);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    document.title = `${t('adminPlayers.title')} · ${t('common.brand')}`;
  }, [t]);

  useEffect(() => setSearch(q), [q]);

  /** The search, the sort and filters and the page live in the URL: a filtered list can be shared and survives a reload. */
  function go(next: { q?: string; offset?: number; filters?: PlayerFilters }) {
    const nextQ = next.q ?? q;
    const nextOffset = next.offset ?? 0;
    const search = new URLSearchParams();
    if (nextQ) search.set('q', nextQ);
    writeFilters(search, next.filters ?? filters);
    if (nextOffset > 0) search.set('offset', String(nextOffset));
    setParams(search);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setOutcome(null);
    go({ q: search.trim(), offset: 0 });
  }

  const columns: Column<AdminPlayer>[] = [
    {
      key: 'email',
      header: t('adminPlayers.columns.email'),
      primary: true,
      cell: (row) => (
        <span className={styles.who}>
          <LocalizedLink to={`/admin/players/${row.id}`} className={styles.email} aria-label={t('adminPlayers.detailsOf', { email: row.email })}>
            {row.email}
          </LocalizedLink>
          {row.name ? <span className={styles.name}>{row.name}</span> : null}
        </span>
      ),
    },
    { key: 'firstLogin', header: t('adminPlayers.columns.firstLogin'), cell: (row) => formatDate(row.createdTime) },
    {
      key: 'banned',
      header: t('adminPlayers.columns.banned'),
      cell: (row) => (isAdmin ? <BanToggle player={row} onResult={setOutcome} /> : <BanState banned={row.banned} />),
    },
    {
      key: 'suspectLevel',
      header: t('adminPlayers.columns.suspectLevel'),
      cell: (row) => (isAdmin ? <SuspectLevelInput player={row} /> : <span data-testid="suspect-level">{row.suspectLevel}</span>),
    },
    { key: 'hands', header: t('adminPlayers.columns.hands'), cell: (row) => <span className={styles.number}>{row.handsPlayed}</span>, align: 'end' },
    { key: 'totalBet', header: t('adminPlayers.columns.totalBet'), cell: (row) => <SatsAmount sats={row.totalBetAmount} stacked />, align: 'end' },
    { key: 'level', header: t('adminPlayers.columns.level'), cell: (row) => <span className={styles.number}>{row.level}</span>, align: 'end' },
    { key: 'bank', header: t('adminPlayers.columns.bank'), cell: (row) => <SatsAmount sats={row.bank} stacked />, align: 'end' },
    {
      key: 'lastActive',
      header: t('adminPlayers.list.lastActive'),
      cell: (row) => (row.lastActive ? formatDate(row.lastActive) : <span className={styles.faint}>{t('adminPlayers.list.never')}</span>),
    },
  ];

  const page = players.data;

  return (
    <Page>
      <PageHeader
        title={t('adminPlayers.title')}
        lead={isAdmin ? t('adminPlayers.lead') : t('adminPlayers.leadReadOnly')}
        aside={
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void players.refetch()} disabled={players.isFetching}>
            {t('staff.refresh')}
          </button>
        }
      />
      <PlayerSearch value={search} onChange={setSearch} onSubmit={submit} onClear={q ? () => go({ q: '', offset: 0 }) : null} />
      <PlayerFilterForm
        filters={filters}
        onApply={(next) => {
          setOutcome(null);
          go({ offset: 0, filters: next });
        }}
      />
      {outcome ? (
        <p className={outcome.ok ? `alert alert-info ${styles.ok}` : 'alert'} role={outcome.ok ? 'status' : 'alert'} data-testid="players-outcome">
          {outcome.text}
        </p>
      ) : null}
      {players.isError ? (
        <p className="alert" role="alert">
          {t('staff.loadFailed', { message: refusalText(t, players.error) })}
        </p>
      ) : null}
      <div className={styles.table}>
        <DataTable
          columns={columns}
          rows={page?.items}
          rowKey={(row) => row.id}
          caption={q ? t('adminPlayers.captionSearch', { q }) : filtered ? t('adminPlayers.list.captionFiltered') : t('adminPlayers.caption')}
          empty={q ? t('adminPlayers.noMatch', { q }) : filtered ? t('adminPlayers.list.noMatchFiltered') : t('adminPlayers.empty')}
          loading={players.isLoading}
          loadingLabel={t('common.loading')}
          testId="players-table"
          rowTestId={(row) => `player-${row.email}`}
        />
      </div>
      {page ? (
        <Pager
          offset={page.offset}
          limit={page.limit}
          total={page.total}
          onChange={(next) => go({ offset: next })}
          label={t('adminPlayers.pages')}
          disabled={players.isFetching}
        />
      ) : null}
    </Page>
  );
}

/** The search by e-mail or id. */
function PlayerSearch({ value, onChange, onSubmit, onClear }: { value: string; onChange: (text: string) => void; onSubmit: (event: FormEvent) => void; onClear: (() => void) | null }) {
  const { t } = useTranslation();
  return (
    <form role="search" className={`field ${styles.search}`} onSubmit={onSubmit}>
      <label htmlFor="player-search">{t('adminPlayers.search.label')}</label>
      <div className={styles.searchRow}>
        <input
          id="player-search"
          className="input"
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          maxLength={254}
          autoComplete="off"
          aria-describedby="player-search-hint"
        />
        <div className={styles.searchButtons}>
          <button type="submit" className="btn btn-primary btn-sm">
            {t('adminPlayers.search.submit')}
          </button>
          {onClear ? (
            <button type="button" className="btn btn-ghost btn-sm" onClick={onClear}>
              {t('adminPlayers.search.clear')}
            </button>
          ) : null}
        </div>
      </div>
      <span id="player-search-hint" className="hint">
        {t('adminPlayers.search.hint')}
      </span>
    </form>
  );
}
