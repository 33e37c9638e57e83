import type { AnalyticsLevelBand, AnalyticsReport } from '@bahati/contracts';
import { MEASURED_HOUSE_EDGE, houseEdgePercent, wageredEdgePercent } from '@bahati/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '@/components/data-table/data-table';
import { useFormats } from '@/i18n/use-localized-path';
import styles from './admin-analytics.module.css';

const OUTCOMES = ['requested', 'paid', 'declined', 'cancelled'] as const;
type Outcome = (typeof OUTCOMES)[number];

function usePercent() {
  const formats = useFormats();
  return (v: number | null) => (v === null ? '—' : formats.number(v / 100, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 3 }));
}

/** Withdrawals of the range by outcome: how many and how many satoshis, each on the day of its own step. */
export function WithdrawalsSection({ report }: { report: AnalyticsReport }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const rows = OUTCOMES.map((outcome) => ({ outcome, ...report.detail.withdrawals[outcome] }));
  const columns: Column<{ outcome: Outcome; count: number; sats: number }>[] = [
    { key: 'outcome', header: t('adminAnalytics.withdrawals.outcome'), cell: (row) => t(`adminAnalytics.withdrawals.${row.outcome}`), primary: true },
    { key: 'count', header: t('adminAnalytics.withdrawals.count'), cell: (row) => <span className={styles.number}>{formats.sats(row.count)}</span>, align: 'end' },
    { key: 'sats', header: t('adminAnalytics.withdrawals.sats'), cell: (row) => <span className={styles.number}>{formats.sats(row.sats)}</span>, align: 'end' },
  ];
  return (
    <section aria-labelledby="analytics-withdrawals" className={styles.tableSection}>
      <h2 id="analytics-withdrawals" className={styles.sectionTitle}>
        {t('adminAnalytics.withdrawals.title')}
      </h2>
      <p className={styles.lead}>{t('adminAnalytics.withdrawals.lead')}</p>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => row.outcome}
        caption={t('adminAnalytics.withdrawals.caption', { from: report.from, to: report.to })}
        empty={t('adminAnalytics.table.empty')}
        testId="analytics-withdrawals"
        rowTestId={(row) => `withdrawals-${row.outcome}`}
      />
    </section>
  );
}

/** The realised edge with its sample and 95% interval, beside the published edge and its basis; the method in a footnote. */
export function EdgeSection({ report }: { report: AnalyticsReport }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const percent = usePercent();
  const edge = report.detail.edge;
  const hasInterval = edge.lowPercent !== null && edge.highPercent !== null;
  const inside = hasInterval && edge.publishedPercent !== null && edge.publishedPercent >= edge.lowPercent! && edge.publishedPercent <= edge.highPercent!;
  return (
    <section aria-labelledby="analytics-edge" className={styles.totalsSection}>
      <h2 id="analytics-edge" className={styles.sectionTitle}>
        {t('adminAnalytics.edge.title')}
      </h2>
      <dl className={`${styles.totals} ${styles.edgeFigures}`} data-testid="analytics-edge">
        <div className="panel">
          <dt>{t('adminAnalytics.edge.realised')}</dt>
          <dd className={styles.big} aria-describedby="analytics-edge-method">
            {percent(edge.realisedPercent)}
          </dd>
          <dd className={styles.note}>{t('adminAnalytics.edge.formula')}</dd>
        </div>
        <div className="panel">
          <dt>{t('adminAnalytics.edge.interval')}</dt>
          <dd className={`${styles.big} ${styles.interval}`} data-testid="edge-interval">
            {hasInterval ? t('adminAnalytics.edge.intervalValue', { low: percent(edge.lowPercent), high: percent(edge.highPercent) }) : '—'}
          </dd>
          <dd className={styles.note}>
            {hasInterval ? t('adminAnalytics.edge.standardError', { se: formats.number(edge.standardErrorPercent ?? 0, { maximumFractionDigits: 3 }) }) : t('adminAnalytics.edge.noInterval')}
          </dd>
        </div>
        <div className="panel">
          <dt>{t('adminAnalytics.edge.sample')}</dt>
          <dd className={styles.big}>{t('adminAnalytics.edge.hands', { n: formats.sats(edge.hands) })}</dd>
          <dd className={styles.note} data-testid="edge-sample">
            {t('adminAnalytics.edge.sampleValue', { staked: formats.sats(edge.staked), net: formats.signed(edge.houseNet) })}
          </dd>
        </div>
        <div className="panel">
          <dt>{t('adminAnalytics.edge.published')}</dt>
          <dd className={styles.big}>{percent(edge.publishedPercent)}</dd>
          <dd className={styles.note}>{t('adminAnalytics.edge.perWagered')}</dd>
          {hasInterval && edge.publishedPercent !== null ? (
            <dd className={inside ? styles.note : styles.warn} data-testid="edge-verdict">
              {inside ? t('adminAnalytics.edge.inside') : t('adminAnalytics.edge.outside')}
            </dd>
          ) : null}
        </div>
      </dl>
      <p className={styles.lead} data-testid="edge-basis">
        {t('adminAnalytics.edge.basis', {
          hands: formats.sats(MEASURED_HOUSE_EDGE.hands),
          perBet: percent(houseEdgePercent(0)),
          perWagered: percent(wageredEdgePercent(0)),
        })}
      </p>
      <p id="analytics-edge-method" className={styles.footnote} data-testid="edge-method">
        {t('adminAnalytics.edge.method')}
      </p>
    </section>
  );
}

/** The hands of the range by the suspect level their players have now. */
export function LevelsSection({ report }: { report: AnalyticsReport }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const percent = usePercent();
  const n = (v: number) => <span className={styles.number}>{formats.sats(v)}</span>;
  const band = (row: AnalyticsLevelBand) => (row.min === row.max ? String(row.min) : `${row.min}–${row.max}`);
  const columns: Column<AnalyticsLevelBand>[] = [
    { key: 'band', header: t('adminAnalytics.levels.band'), cell: (row) => <span className={styles.number}>{band(row)}</span>, primary: true },
    { key: 'players', header: t('adminAnalytics.levels.players'), cell: (row) => n(row.players), align: 'end' },
    { key: 'hands', header: t('adminAnalytics.figures.hands'), cell: (row) => n(row.hands), align: 'end' },
    { key: 'staked', header: t('adminAnalytics.levels.staked'), cell: (row) => n(row.staked), align: 'end' },
    { key: 'net', header: t('adminAnalytics.levels.houseNet'), cell: (row) => <span className={styles.number}>{formats.signed(row.houseNet)}</span>, align: 'end' },
    { key: 'edge', header: t('adminAnalytics.columns.realisedEdge'), cell: (row) => <span className={styles.number}>{percent(row.realisedPercent)}</span>, align: 'end' },
  ];
  return (
    <section aria-labelledby="analytics-levels" className={styles.tableSection}>
      <h2 id="analytics-levels" className={styles.sectionTitle}>
        {t('adminAnalytics.levels.title')}
      </h2>
      <p className={styles.lead}>{t('adminAnalytics.levels.lead')}</p>
      <DataTable
        columns={columns}
        rows={report.detail.levels}
        rowKey={band}
        caption={t('adminAnalytics.levels.caption', { from: report.from, to: report.to })}
        empty={t('adminAnalytics.table.empty')}
        testId="analytics-levels"
        rowTestId={(row) => `level-${row.min}`}
      />
    </section>
  );
}
