import type { AdminPlayer, LedgerEntry, LedgerRowChange } from '@bahati/contracts';
import { isCalendarDate, offsetMinutes } from '@bahati/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useSearchParams } from 'react-router-dom';
import { DataTable, type Column } from '@/components/data-table/data-table';
import { truncateMiddle, useDateTimeFormat } from '@/components/format/format';
import { LocalizedLink } from '@/components/localized-link';
import { Page, PageHeader } from '@/components/page/page';
import { useFormats } from '@/i18n/use-localized-path';
import { apiErrorMessage, apiErrorStatus, apiServerMessage } from '@/lib/api';
import { useGetPlayersQuery, usePlayerById } from '@/lib/staff';
import { ReasonDialog } from '@/components/reason/reason-dialog';
import { useGetLedgerDayQuery, useRepairLedgerDayMutation, type LedgerDayArgs } from './admin-support-api';
import { browserOffset, isoDay, offsetChoices, utcMinute } from './ledger-day-dates';
import styles from './admin-support.module.css';

const RESULTS = 10;

function refusal(t: TFunction, error: unknown): string {
  const status = apiErrorStatus(error);
  if (status === 404) return t('adminSupport.noPlayer');
  return apiServerMessage(error) ?? apiErrorMessage(t, error) ?? (typeof status === 'number' ? `HTTP ${status}` : t('staff.network'));
}

/** Finds a player by e-mail and hands the chosen one up. */
function PlayerFinder({ onChoose }: { onChoose: (player: AdminPlayer) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [q, setQ] = useState<string | null>(null);
  const found = useGetPlayersQuery({ q: q ?? '', limit: RESULTS }, { skip: q === null });

  function submit(event: FormEvent) {
    event.preventDefault();
    const query = text.trim();
    if (query) setQ(query);
  }

  return (
    <div className={styles.finder}>
      <form role="search" className={styles.row} onSubmit={submit}>
        <div className={`field ${styles.grow}`}>
          <label htmlFor="support-email">{t('adminSupport.find.email')}</label>
          <input id="support-email" className="input" type="search" value={text} onChange={(e) => setText(e.target.value)} maxLength={254} autoComplete="off" aria-describedby="support-email-hint" />
          <span id="support-email-hint" className="hint">
            {t('adminSupport.find.hint')}
          </span>
        </div>
        <button type="submit" className={`btn btn-primary btn-sm ${styles.alignButton}`} disabled={found.isFetching}>
          {t('adminSupport.find.submit')}
        </button>
      </form>
      {found.isError ? (
        <p className="alert" role="alert">
          {t('staff.loadFailed', { message: refusal(t, found.error) })}
        </p>
      ) : null}
      {q !== null && found.data ? (
        found.data.items.length === 0 ? (
          <p className={styles.muted} role="status">
            {t('adminSupport.find.none', { q })}
          </p>
        ) : (
          <div className={styles.results}>
            <h3 className={styles.subTitle} id="support-found">
              {t('adminSupport.find.results')}
            </h3>
            <ul aria-labelledby="support-found" className={styles.resultList} data-testid="support-results">
              {found.data.items.map((player) => (
                <li key={player.id} className={styles.result}>
                  <span className={styles.email}>{player.email}</span>
                  {player.name ? <span className={styles.muted}>{player.name}</span> : null}
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    onClick={() => onChoose(player)}
                    aria-label={t('adminSupport.find.chooseLabel', { email: player.email })}
                  >
                    {t('adminSupport.find.choose')}
                  </button>
                </li>
              ))}
            </ul>
            {found.data.total > found.data.items.length ? <p className={styles.muted}>{t('adminSupport.find.more', { shown: found.data.items.length, total: found.data.total })}</p> : null}
          </div>
        )
      ) : null}
    </div>
  );
}

function EntryTable({ rows, caption, empty, testId }: { rows: LedgerEntry[]; caption: string; empty: string; testId: string }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const formatDate = useDateTimeFormat();
  const columns: Column<LedgerEntry>[] = [
    { key: 'time', header: t('adminSupport.columns.time'), cell: (row) => <span className={styles.nowrap}>{formatDate(row.createdTime)}</span>, primary: true },
    { key: 'type', header: t('adminSupport.columns.type'), cell: (row) => t(`ledger.types.${row.type}`) },
    { key: 'amount', header: t('adminSupport.columns.amount'), cell: (row) => <span className={styles.number}>{formats.signed(row.amount)}</span>, align: 'end' },
    {
      key: 'hand',
      header: t('adminSupport.columns.hand'),
      cell: (row) =>
        row.handId ? (
          <LocalizedLink to={`/admin/hands/${row.handId}`} className={styles.code} aria-label={t('adminSupport.handLink', { id: row.handId })}>
            {truncateMiddle(row.handId, 8, 4)}
          </LocalizedLink>
        ) : (
          <span className={styles.faint}>—</span>
        ),
    },
    { key: 'id', header: t('adminSupport.columns.id'), cell: (row) => <code className={styles.code} title={row.id}>{truncateMiddle(row.id, 8, 6)}</code> },
  ];
  return <DataTable columns={columns} rows={rows} rowKey={(row) => row.id} caption={caption} empty={empty} testId={testId} />;
}

function ChangedTable({ rows }: { rows: LedgerRowChange[] }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const formatDate = useDateTimeFormat();
  const fieldName = (field: string) => t(`adminSupport.fields.${field}` as 'adminSupport.fields.amount', { defaultValue: field }) as string;
  const value = (entry: LedgerEntry, field: string): string => {
    switch (field) {
      case 'amount':
        return formats.signed(entry.amount);
      case 'type':
        return t(`ledger.types.${entry.type}`);
      case 'createdTime':
        return formatDate(entry.createdTime);
      case 'handId':
        return entry.handId ?? '—';
      case 'reference':
        return entry.reference ?? '—';
      default:
        return String((entry as unknown as Record<string, unknown>)[field] ?? '—');
    }
  };
  const columns: Column<LedgerRowChange>[] = [
    { key: 'type', header: t('adminSupport.columns.type'), cell: (row) => t(`ledger.types.${row.fromEvents.type}`), primary: true },
    {
      key: 'differences',
      header: t('adminSupport.changed.differences'),
      cell: (row) => (
        <ul className={styles.fieldList}>
          {row.fields.map((field) => (
            <li key={field}>
              <span className={styles.fieldName}>{fieldName(field)}</span>{' '}
              {t('adminSupport.changed.values', { events: value(row.fromEvents, field), ledger: value(row.readModel, field) })}
            </li>
          ))}
        </ul>
      ),
    },
    { key: 'id', header: t('adminSupport.columns.id'), cell: (row) => <code className={styles.code} title={row.id}>{truncateMiddle(row.id, 8, 6)}</code> },
  ];
  return <DataTable columns={columns} rows={rows} rowKey={(row) => row.id} caption={t('adminSupport.changed.title')} empty="" testId="ledger-changed" />;
}

type RepairOutcome = { ok: boolean; text: string };

function LedgerDay({ day, player }: { day: LedgerDayArgs; player: AdminPlayer }) {
  const { t } = useTranslation();
  const report = useGetLedgerDayQuery(day, { refetchOnMountOrArgChange: true });
  const [repair, repairing] = useRepairLedgerDayMutation();
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<RepairOutcome | null>(null);

  useEffect(() => setOutcome(null), [day.playerId, day.date, day.tz]);

  async function runRepair(reason: string | undefined): Promise<string | null> {
    setOutcome(null);
    try {
      const answer = await repair({ ...day, reason: reason ?? '' }).unwrap();
      const { missing, extra, changed } = answer.fixed;
      setOutcome({
        ok: true,
        text: answer.repaired
          ? t('adminSupport.repair.done', { missing: missing.length, extra: extra.length, changed: changed.length })
          : t('adminSupport.repair.nothing'),
      });
      return null;
    } catch (error) {
      return t('adminSupport.repair.failed', { message: refusal(t, error) });
    }
  }

  if (report.isLoading) {
    return (
      <p className={styles.muted} role="status">
        {t('adminSupport.loading')}
      </p>
    );
  }
  if (report.isError || !report.data) {
    return (
      <p className="alert" role="alert" data-testid="ledger-day-error">
        {t('staff.loadFailed', { message: refusal(t, report.error) })}
      </p>
    );
  }

  const data = report.data;
  const { missing, extra, changed } = data.difference;
  const differences = missing.length + extra.length + changed.length;

  return (
    <section className={styles.report} aria-labelledby="ledger-day-title" data-testid="ledger-day" data-matches={data.matches}>
      <div className={styles.reportHead}>
        <div className={styles.reportIntro}>
          <h2 id="ledger-day-title" className={styles.sectionTitle}>
            {t('adminSupport.reportTitle', { email: player.email, date: data.date, tz: data.tz })}
          </h2>
          <p className={styles.muted}>{t('adminSupport.range', { from: utcMinute(data.from), to: utcMinute(data.to) })}</p>
          <p className={styles.muted}>{t('adminSupport.counts', { events: data.fromEvents.length, ledger: data.readModel.length })}</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setConfirming(true)} disabled={repairing.isLoading || report.isFetching}>
          {repairing.isLoading ? t('adminSupport.repair.working') : t('adminSupport.repair.button')}
        </button>
      </div>

      {outcome ? (
        <p className={outcome.ok ? `alert alert-info ${styles.ok}` : 'alert'} role={outcome.ok ? 'status' : 'alert'} data-testid="repair-outcome">
          {outcome.text}
        </p>
      ) : null}

      {data.matches ? (
        <p className={`alert alert-info ${styles.ok}`} data-testid="ledger-day-verdict">
          <strong className={styles.verdict}>{t('adminSupport.matchesBadge')}</strong> {t('adminSupport.matches')}
        </p>
      ) : (
        <p className="alert" data-testid="ledger-day-verdict">
          <strong className={styles.verdict}>{t('adminSupport.differsBadge', { n: differences })}</strong>{' '}
          {t('adminSupport.differs', { missing: missing.length, extra: extra.length, changed: changed.length })}
        </p>
      )}

      {missing.length > 0 ? (
        <div className={styles.sub}>
          <h3 className={styles.subTitle}>{t('adminSupport.missing.title')}</h3>
          <p className={styles.muted}>{t('adminSupport.missing.lead')}</p>
          <EntryTable rows={missing} caption={t('adminSupport.missing.title')} empty="" testId="ledger-missing" />
        </div>
      ) : null}
      {extra.length > 0 ? (
        <div className={styles.sub}>
          <h3 className={styles.subTitle}>{t('adminSupport.extra.title')}</h3>
          <p className={styles.muted}>{t('adminSupport.extra.lead')}</p>
          <EntryTable rows={extra} caption={t('adminSupport.extra.title')} empty="" testId="ledger-extra" />
        </div>
      ) : null}
      {changed.length > 0 ? (
        <div className={styles.sub}>
          <h3 className={styles.subTitle}>{t('adminSupport.changed.title')}</h3>
          <p className={styles.muted}>{t('adminSupport.changed.lead')}</p>
          <ChangedTable rows={changed} />
        </div>
      ) : null}

      <details className={styles.all}>
        <summary>{t('adminSupport.allEvents', { n: data.fromEvents.length })}</summary>
        <EntryTable rows={data.fromEvents} caption={t('adminSupport.allEventsCaption')} empty={t('adminSupport.noEntries')} testId="ledger-from-events" />
      </details>
      <details className={styles.all}>
        <summary>{t('adminSupport.allLedger', { n: data.readModel.length })}</summary>
        <EntryTable rows={data.readModel} caption={t('adminSupport.allLedgerCaption')} empty={t('adminSupport.noEntries')} testId="ledger-read-model" />
      </details>

      <ReasonDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('adminSupport.repair.title')}
        description={t('adminSupport.repair.text', { email: player.email, date: data.date, tz: data.tz })}
        confirmLabel={t('adminSupport.repair.confirm')}
        required
        onConfirm={runRepair}
        testId="repair-dialog"
      >
        <p className={styles.dialogText}>{differences === 0 ? t('adminSupport.repair.noneToFix') : t('adminSupport.repair.toFix', { missing: missing.length, extra: extra.length, changed: changed.length })}</p>
      </ReasonDialog>
    </section>
  );
}

/** The support screen: a player's ledger day rebuilt from their events, the difference, and the repair. */
export function Component() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const playerId = params.get('player');
  const paramDate = params.get('date');
  const date = paramDate && isCalendarDate(paramDate) ? paramDate : isoDay(new Date());
  const paramTz = params.get('tz');
  const tz = paramTz && offsetMinutes(paramTz) !== null ? paramTz : browserOffset(date);
  const chosen = usePlayerById(playerId);
  const [dateText, setDateText] = useState(date);
  const [tzText, setTzText] = useState(tz);
  const [dateError, setDateError] = useState(false);
  const here = browserOffset(dateText && isCalendarDate(dateText) ? dateText : date);

  useEffect(() => {
    document.title = `${t('adminSupport.title')} · ${t('common.brand')}`;
  }, [t]);

  useEffect(() => {
    setDateText(date);
    setTzText(tz);
  }, [date, tz]);

  function update(next: Record<string, string | null>) {
    const search = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null) search.delete(key);
      else search.set(key, value);
    }
    setParams(search);
  }

  function showDay(event: FormEvent) {
    event.preventDefault();
    if (!isCalendarDate(dateText)) {
      setDateError(true);
      return;
    }
    setDateError(false);
    update({ date: dateText, tz: tzText });
  }

  return (
    <Page>
      <PageHeader title={t('adminSupport.title')} lead={t('adminSupport.lead')} />

      <section className={`panel ${styles.panel}`} aria-labelledby="support-player">
        <h2 id="support-player" className={styles.panelTitle}>
          {t('adminSupport.find.title')}
        </h2>
        {playerId ? (
          chosen.player ? (
            <div className={styles.chosen} data-testid="support-chosen">
              <span className={styles.email}>{chosen.player.email}</span>
              {chosen.player.name ? <span className={styles.muted}>{chosen.player.name}</span> : null}
              <LocalizedLink to={`/admin/players/${chosen.player.id}`} className={styles.small}>
                {t('adminSupport.find.details')}
              </LocalizedLink>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => update({ player: null })}>
                {t('adminSupport.find.change')}
              </button>
            </div>
          ) : chosen.isLoading ? (
            <p className={styles.muted} role="status">
              {t('common.loading')}
            </p>
          ) : (
            <>
              <p className="alert" role="alert">
                {chosen.notFound ? t('adminSupport.noPlayer') : t('staff.loadFailed', { message: refusal(t, chosen.error) })}
              </p>
              <PlayerFinder onChoose={(player) => update({ player: player.id })} />
            </>
          )
        ) : (
          <PlayerFinder onChoose={(player) => update({ player: player.id })} />
        )}
      </section>

      <form className={`panel ${styles.panel}`} onSubmit={showDay} aria-labelledby="support-day">
        <h2 id="support-day" className={styles.panelTitle}>
          {t('adminSupport.day.title')}
        </h2>
        <div className={styles.row}>
          <div className="field">
            <label htmlFor="support-date">{t('adminSupport.day.date')}</label>
            <input
              id="support-date"
              className="input"
              type="date"
              value={dateText}
              onChange={(e) => setDateText(e.target.value)}
              aria-invalid={dateError}
              aria-describedby={dateError ? 'support-date-error' : undefined}
              required
            />
            {dateError ? (
              <span id="support-date-error" className={styles.error} role="alert">
                {t('adminSupport.day.invalid')}
              </span>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor="support-tz">{t('adminSupport.day.tz')}</label>
            <select id="support-tz" className="select" value={tzText} onChange={(e) => setTzText(e.target.value)}>
              {offsetChoices(here).map((offset) => (
                <option key={offset} value={offset}>
                  {offset === here ? t('adminSupport.day.browser', { offset: `UTC${offset}` }) : `UTC${offset}`}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={`btn btn-primary btn-sm ${styles.alignEnd}`}>
            {t('adminSupport.day.submit')}
          </button>
        </div>
      </form>

      {playerId && chosen.player ? (
        <LedgerDay day={{ playerId, date, tz }} player={chosen.player} />
      ) : (
        <p className={styles.muted}>{t('adminSupport.pick')}</p>
      )}
    </Page>
  );
}
