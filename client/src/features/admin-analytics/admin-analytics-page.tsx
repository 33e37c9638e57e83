import type { AnalyticsDay, AnalyticsReport } from '@bahati/contracts';
import { ANALYTICS_MAX_DAYS, isCalendarDate } from '@bahati/contracts';
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { SatsAmount } from '@/components/amount/sats-amount';
import { DataTable, type Column } from '@/components/data-table/data-table';
import { Page, PageHeader } from '@/components/page/page';
import { useFormats } from '@/i18n/use-localized-path';
import { apiErrorMessage, apiErrorStatus, apiServerMessage } from '@/lib/api';
import { useGetAnalyticsQuery, useLazyExportAnalyticsQuery } from './admin-analytics-api';
import { AnalyticsChart, type ChartSeries } from './analytics-chart';
import { EdgeSection, LevelsSection, WithdrawalsSection } from './analytics-detail';
import styles from './admin-analytics.module.css';

const DAY_MS = 86_400_000;
const PRESETS = [7, 30, 90] as const;

const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const todayUtc = () => utcDay(Date.now());
const daysBack = (to: string, days: number) => utcDay(Date.parse(to) - (days - 1) * DAY_MS);
const span = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

function validRange(from: string, to: string): boolean {
  return isCalendarDate(from) && isCalendarDate(to) && from <= to && span(from, to) <= ANALYTICS_MAX_DAYS;
}

const COLOURS = { gold: '#f0c85a', green: '#5fd39a', red: '#ff7b72', cream: '#f6f0e0', blue: '#7cc4ff' };

function Totals({ report }: { report: AnalyticsReport }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const s = report.totals;
  const percent = (v: number | null) => (v === null ? '—' : formats.number(v / 100, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 3 }));
  return (
    <section aria-labelledby="analytics-totals" className={styles.totalsSection}>
      <h2 id="analytics-totals" className={styles.sectionTitle}>
        {t('adminAnalytics.totals', { from: report.from, to: report.to })}
      </h2>
      <dl className={styles.totals} data-testid="analytics-totals">
        <div className="panel">
          <dt>{t('adminAnalytics.figures.hands')}</dt>
          <dd className={styles.big}>{formats.sats(s.hands)}</dd>
        </div>
        <div className="panel">
          <dt>{t('adminAnalytics.figures.activePlayers')}</dt>
          <dd className={styles.big}>{formats.sats(s.activePlayers)}</dd>
        </div>
        <div className="panel">
          <dt>{t('adminAnalytics.figures.wagered')}</dt>
          <dd>
            <SatsAmount sats={s.wagered} stacked />
          </dd>
        </div>
        <div className="panel">
          <dt>{t('adminAnalytics.figures.ggr')}</dt>
          <dd>
            <SatsAmount sats={s.grossGamingRevenue} stacked />
          </dd>
        </div>
        <div className="panel">
          <dt>{t('adminAnalytics.figures.realisedEdge')}</dt>
          <dd className={styles.big}>{percent(s.realisedEdgePercent)}</dd>
          <dd className={styles.note}>{t('adminAnalytics.publishedBeside', { edge: percent(s.publishedEdgePercent) })}</dd>
        </div>
        <div className="panel">
          <dt>{t('adminAnalytics.figures.deposits')}</dt>
          <dd>
            <SatsAmount sats={s.deposits} stacked />
          </dd>
          <dd className={styles.note}>{t('adminAnalytics.howMany', { n: formats.sats(s.depositCount) })}</dd>
        </div>
        <div className="panel">
          <dt>{t('adminAnalytics.figures.withdrawals')}</dt>
          <dd>
            <SatsAmount sats={s.withdrawals} stacked />
          </dd>
          <dd className={styles.note}>
            {t('adminAnalytics.howMany', { n: formats.sats(s.withdrawalCount) })}
            {s.withdrawalsRefunded > 0 ? ` · ${t('adminAnalytics.refunded', { amount: formats.sats(s.withdrawalsRefunded) })}` : ''}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function Charts({ report }: { report: AnalyticsReport }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const days = useMemo(() => report.days.map((d) => d.date), [report]);
  const dayFormat = useMemo(() => new Intl.DateTimeFormat(formats.locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }), [formats.locale]);
  const dayLabel = useCallback((day: string) => dayFormat.format(Date.parse(day)), [dayFormat]);
  const whole = useCallback((v: number) => formats.number(v, { maximumFractionDigits: 0 }), [formats]);
  const compact = useCallback((v: number) => formats.number(v, { notation: 'compact', maximumFractionDigits: 1 }), [formats]);
  const percent = useCallback((v: number) => formats.number(v / 100, { style: 'percent', maximumFractionDigits: 2 }), [formats]);
  const pick = useCallback((key: keyof AnalyticsDay) => report.days.map((d) => d[key] as number | null), [report]);

  const charts = useMemo(
    () => [
      {
        id: 'hands',
        title: t('adminAnalytics.charts.hands'),
        format: whole,
        series: [
          { label: t('adminAnalytics.figures.hands'), color: COLOURS.gold, values: pick('hands'), bars: true },
          { label: t('adminAnalytics.figures.activePlayers'), color: COLOURS.blue, values: pick('activePlayers') },
        ] satisfies ChartSeries[],
      },
      {
        id: 'money',
        title: t('adminAnalytics.charts.money'),
        format: compact,
        series: [
          { label: t('adminAnalytics.figures.wagered'), color: COLOURS.gold, values: pick('wagered') },
          { label: t('adminAnalytics.figures.ggr'), color: COLOURS.green, values: pick('grossGamingRevenue') },
        ] satisfies ChartSeries[],
      },
      {
        id: 'edge',
        title: t('adminAnalytics.charts.edge'),
        format: percent,
        series: [
          { label: t('adminAnalytics.figures.realisedEdge'), color: COLOURS.gold, values: pick('realisedEdgePercent') },
          { label: t('adminAnalytics.figures.publishedEdge'), color: COLOURS.cream, values: pick('publishedEdgePercent'), dash: [6, 4] },
        ] satisfies ChartSeries[],
      },
      {
        id: 'flows',
        title: t('adminAnalytics.charts.flows'),
        format: compact,
        series: [
          { label: t('adminAnalytics.figures.deposits'), color: COLOURS.green, values: pick('deposits') },
          { label: t('adminAnalytics.figures.withdrawals'), color: COLOURS.red, values: pick('withdrawals') },
        ] satisfies ChartSeries[],
      },
    ],
    [t, whole, compact, percent, pick],
  );

  return (
    <section aria-labelledby="analytics-charts" className={styles.chartsSection}>
      <div className={styles.sectionHead}>
        <h2 id="analytics-charts" className={styles.sectionTitle}>
          {t('adminAnalytics.charts.title')}
        </h2>
        <p className={styles.lead}>{t('adminAnalytics.charts.lead')}</p>
      </div>
      <div className={styles.charts}>
        {charts.map((chart) => (
          <AnalyticsChart
            key={chart.id}
            title={chart.title}
            days={days}
            dayLabel={dayLabel}
            format={chart.format}
            dayHeader={t('adminAnalytics.columns.date')}
            series={chart.series}
            testId={`chart-${chart.id}`}
          />
        ))}
      </div>
    </section>
  );
}

function FiguresTable({ report }: { report: AnalyticsReport }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const percent = (v: number | null) => (v === null ? <span className={styles.faint}>—</span> : formats.number(v / 100, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 3 }));
  const n = (v: number) => <span className={styles.number}>{formats.sats(v)}</span>;
  const columns: Column<AnalyticsDay>[] = [
    { key: 'date', header: t('adminAnalytics.columns.date'), cell: (row) => <span className={styles.number}>{row.date}</span>, primary: true },
    { key: 'hands', header: t('adminAnalytics.figures.hands'), cell: (row) => n(row.hands), align: 'end' },
    { key: 'active', header: t('adminAnalytics.figures.activePlayers'), cell: (row) => n(row.activePlayers), align: 'end' },
    { key: 'wagered', header: t('adminAnalytics.columns.wagered'), cell: (row) => n(row.wagered), align: 'end' },
    { key: 'ggr', header: t('adminAnalytics.columns.ggr'), cell: (row) => <span className={styles.number}>{formats.signed(row.grossGamingRevenue)}</span>, align: 'end' },
    { key: 'realised', header: t('adminAnalytics.columns.realisedEdge'), cell: (row) => percent(row.realisedEdgePercent), align: 'end' },
    { key: 'published', header: t('adminAnalytics.columns.publishedEdge'), cell: (row) => percent(row.publishedEdgePercent), align: 'end' },
    { key: 'deposits', header: t('adminAnalytics.columns.deposits'), cell: (row) => n(row.deposits), align: 'end' },
    { key: 'withdrawals', header: t('adminAnalytics.columns.withdrawals'), cell: (row) => n(row.withdrawals), align: 'end' },
  ];
  return (
    <section aria-labelledby="analytics-table" className={styles.tableSection}>
      <h2 id="analytics-table" className={styles.sectionTitle}>
        {t('adminAnalytics.table.title')}
      </h2>
      <p className={styles.lead}>{t('adminAnalytics.table.lead')}</p>
      <DataTable
        columns={columns}
        rows={report.days}
        rowKey={(row) => row.date}
        caption={t('adminAnalytics.table.caption', { from: report.from, to: report.to })}
        empty={t('adminAnalytics.table.empty')}
        testId="analytics-table"
        rowTestId={(row) => `analytics-${row.date}`}
      />
    </section>
  );
}

/** The page's tables as the server's CSV, downloaded as a file. */
function ExportButton({ from, to, onError }: { from: string; to: string; onError: (message: string | null) => void }) {
  const { t } = useTranslation();
  const [exportCsv, exporting] = useLazyExportAnalyticsQuery();
  async function download() {
    onError(null);
    try {
      const csv = await exportCsv({ from, to }).unwrap();
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `analytics-${from}-${to}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      onError(t('adminAnalytics.exportFailed', { message: apiServerMessage(error) ?? apiErrorMessage(t, error) ?? t('staff.network') }));
    }
  }
  return (
    <button type="button" className="btn btn-ghost btn-sm" onClick={() => void download()} disabled={exporting.isFetching} data-testid="analytics-export">
      {exporting.isFetching ? t('adminAnalytics.exporting') : t('adminAnalytics.export')}
    </button>
  );
}

/** Admin analytics: per-day figures of a range, as charts and as a table; withdrawals by outcome, the edge explained, results by suspect level. */
export function Component() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const today = todayUtc();
  const paramFrom = params.get('from') ?? '';
  const paramTo = params.get('to') ?? '';
  const [from, to] = validRange(paramFrom, paramTo) ? [paramFrom, paramTo] : [daysBack(today, 30), today];
  const report = useGetAnalyticsQuery({ from, to });
  const [fromText, setFromText] = useState(from);
  const [toText, setToText] = useState(to);
  const [invalid, setInvalid] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  useEffect(() => {
    document.title = `${t('adminAnalytics.title')} · ${t('common.brand')}`;
  }, [t]);

  useEffect(() => {
    setFromText(from);
    setToText(to);
  }, [from, to]);

  function show(nextFrom: string, nextTo: string) {
    if (!validRange(nextFrom, nextTo)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setParams(new URLSearchParams({ from: nextFrom, to: nextTo }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    show(fromText, toText);
  }

  const error = report.error;
  const errorText = error ? (apiServerMessage(error) ?? apiErrorMessage(t, error) ?? `HTTP ${String(apiErrorStatus(error) ?? '')}`) : '';

  return (
    <Page>
      <PageHeader title={t('adminAnalytics.title')} lead={t('adminAnalytics.lead')} aside={<ExportButton from={from} to={to} onError={setExportError} />} />
      {exportError ? (
        <p className="alert" role="alert">
          {exportError}
        </p>
      ) : null}
      <form className={`panel ${styles.range}`} onSubmit={submit} aria-labelledby="analytics-range">
        <h2 id="analytics-range" className="visually-hidden">
          {t('adminAnalytics.range.title')}
        </h2>
        <div className={styles.rangeFields}>
          <div className="field">
            <label htmlFor="analytics-from">{t('adminAnalytics.range.from')}</label>
            <input id="analytics-from" className="input" type="date" value={fromText} max={today} onChange={(e) => setFromText(e.target.value)} aria-invalid={invalid} aria-describedby="analytics-range-hint" required />
          </div>
          <div className="field">
            <label htmlFor="analytics-to">{t('adminAnalytics.range.to')}</label>
            <input id="analytics-to" className="input" type="date" value={toText} max={today} onChange={(e) => setToText(e.target.value)} aria-invalid={invalid} aria-describedby="analytics-range-hint" required />
          </div>
          <button type="submit" className={`btn btn-primary btn-sm ${styles.rangeButton}`}>
            {t('adminAnalytics.range.submit')}
          </button>
        </div>
        <div className={styles.presets} role="group" aria-label={t('adminAnalytics.range.presets')}>
          {PRESETS.map((days) => (
            <button key={days} type="button" className="btn btn-ghost btn-sm" onClick={() => show(daysBack(today, days), today)} aria-pressed={from === daysBack(today, days) && to === today}>
              {t('adminAnalytics.range.last', { n: days })}
            </button>
          ))}
        </div>
        <p id="analytics-range-hint" className={invalid ? styles.error : styles.hint} role={invalid ? 'alert' : undefined}>
          {invalid ? t('adminAnalytics.range.invalid', { max: ANALYTICS_MAX_DAYS }) : t('adminAnalytics.range.hint', { max: ANALYTICS_MAX_DAYS })}
        </p>
      </form>

      {report.isError ? (
        <p className="alert" role="alert">
          {t('staff.loadFailed', { message: errorText })}
        </p>
      ) : null}
      {report.isLoading ? (
        <p className={styles.lead} role="status">
          {t('common.loading')}
        </p>
      ) : null}
      {report.data ? (
        <>
          <Totals report={report.data} />
          <EdgeSection report={report.data} />
          <WithdrawalsSection report={report.data} />
          <LevelsSection report={report.data} />
          <Charts report={report.data} />
          <FiguresTable report={report.data} />
        </>
      ) : null}
    </Page>
  );
}
