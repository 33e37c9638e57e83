import type { AuditCard, AuditCheckResult, AuditLedgerLine, AuditMismatch, AuditPayout, AuditSettlement, HandAudit, LedgerEntry } from '@bahati/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useParams } from 'react-router-dom';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { DataTable, type Column } from '@/components/data-table/data-table';
import { truncateMiddle, useDateTimeFormat } from '@/components/format/format';
import { LocalizedLink } from '@/components/localized-link';
import { Page, PageHeader } from '@/components/page/page';
import { PageLoader } from '@/components/spinner';
import { PlayingCard } from '@/components/playing-card/playing-card';
import { cardLabel } from '@/components/playing-card/card-label';
import { StatusBadge, type StatusTone } from '@/components/status-badge/status-badge';
import { useFormats } from '@/i18n/use-localized-path';
import { apiErrorMessage, apiErrorStatus, apiServerMessage } from '@/lib/api';
import { usePlayerById } from '@/lib/staff';
import { useGetHandAuditQuery } from './admin-hands-api';
import styles from './admin-hands.module.css';

const CHECKS = ['seeds', 'cards', 'decisions', 'payouts', 'ledger'] as const;
const RESULT_TONE: Record<AuditCheckResult, StatusTone> = { passed: 'success', failed: 'danger', unchecked: 'neutral' };
const SETTLEMENT_FIELDS = ['bet', 'doubleBet', 'splitBet', 'insuranceBet', 'insuranceWin', 'win', 'push', 'evenMoney', 'totalBet', 'winAmount', 'net', 'dealerScore'] as const;
type SettlementField = (typeof SETTLEMENT_FIELDS)[number];

function failure(t: TFunction, error: unknown): string {
  const status = apiErrorStatus(error);
  if (status === 404) return t('adminHand.notFound');
  if (status === 400) return t('adminHand.invalidId');
  return t('staff.loadFailed', { message: apiServerMessage(error) ?? apiErrorMessage(t, error) ?? (typeof status === 'number' ? `HTTP ${status}` : t('staff.network')) });
}

/** A value of a mismatch as JSON, short. */
function shown(value: unknown): string {
  if (value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

function Check({ result }: { result: boolean | null }) {
  const { t } = useTranslation();
  const key = result === null ? 'unchecked' : result ? 'passed' : 'failed';
  return (
    <StatusBadge tone={RESULT_TONE[key]} testId="audit-row-check">
      {t(`adminHand.results.${key}`)}
    </StatusBadge>
  );
}

function CardCell({ card }: { card: AuditCard['card'] | null }) {
  const { t } = useTranslation();
  if (!card) return <span className={styles.faint}>—</span>;
  const label = cardLabel(t, { suit: card.suit, rank: card.rank });
  return (
    <span className={styles.card}>
      <PlayingCard suit={card.suit} rank={card.rank} width={26} />
      <span>{label}</span>
    </span>
  );
}

function PlayerLink({ playerId }: { playerId: string }) {
  const { player } = usePlayerById(playerId);
  return (
    <LocalizedLink to={`/admin/players/${playerId}`} className={styles.email}>
      {player?.email ?? truncateMiddle(playerId, 8, 4)}
    </LocalizedLink>
  );
}

function Summary({ audit }: { audit: HandAudit }) {
  const { t } = useTranslation();
  const hidden = <span className={styles.faint}>{t('adminHand.seeds.hidden')}</span>;
  return (
    <dl className={`panel ${styles.facts}`} data-testid="audit-summary">
      <div>
        <dt>{t('adminHand.summary.hand')}</dt>
        <dd>
          <code className={styles.code}>{audit.handId}</code>
        </dd>
      </div>
      <div>
        <dt>{t('adminHand.summary.player')}</dt>
        <dd>
          <PlayerLink playerId={audit.playerId} />
        </dd>
      </div>
      <div>
        <dt>{t('adminHand.summary.shoe')}</dt>
        <dd className={styles.stack}>
          <code className={styles.code}>{audit.shoeId}</code>
          {audit.shoe.inPlay ? null : (
            <LocalizedLink to={`/provable?id=${audit.shoeId}`} className={styles.small}>
              {t('adminHand.summary.verifyShoe')}
            </LocalizedLink>
          )}
        </dd>
      </div>
      <div>
        <dt>{t('adminHand.summary.handOfShoe')}</dt>
        <dd>{t('ledger.details.handOfShoeValue', { n: audit.handNumber, total: 4 })}</dd>
      </div>
      <div>
        <dt>{t('adminHand.summary.settled')}</dt>
        <dd>{audit.settled ? t('adminHand.summary.yes') : t('adminHand.summary.no')}</dd>
      </div>
      <div>
        <dt>{t('adminHand.seeds.playerSeed')}</dt>
        <dd>{audit.shoe.playerSeed ? <code className={styles.code}>{audit.shoe.playerSeed}</code> : hidden}</dd>
      </div>
      <div>
        <dt>{t('adminHand.seeds.houseSeedHash')}</dt>
        <dd>{audit.shoe.houseSeedHash ? <code className={styles.code}>{audit.shoe.houseSeedHash}</code> : hidden}</dd>
      </div>
      <div>
        <dt>{t('adminHand.seeds.houseSeed')}</dt>
        <dd>{audit.shoe.houseSeed ? <code className={styles.code}>{audit.shoe.houseSeed}</code> : hidden}</dd>
      </div>
    </dl>
  );
}

function Mismatches({ mismatches }: { mismatches: AuditMismatch[] }) {
  const { t } = useTranslation();
  if (mismatches.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="audit-mismatches">
      <h2 id="audit-mismatches" className={styles.sectionTitle}>
        {t('adminHand.mismatches.title')}
      </h2>
      <ul className={styles.mismatches} data-testid="audit-mismatches">
        {mismatches.map((m, i) => (
          <li key={i} className={styles.mismatch}>
            <div className={styles.mismatchHead}>
              <strong className={styles.kind}>{t(`adminHand.mismatches.kinds.${m.kind}`)}</strong>
              {m.revision !== null ? <span className={styles.where}>{t('adminHand.mismatches.revision', { revision: m.revision })}</span> : null}
              {m.position !== null ? <span className={styles.where}>{t('adminHand.mismatches.position', { position: m.position })}</span> : null}
              {m.field ? (
                <span className={styles.where}>
                  {t('adminHand.mismatches.field')} <code className={styles.code}>{m.field}</code>
                </span>
              ) : null}
            </div>
            <p className={styles.mismatchMessage}>{m.message}</p>
            <dl className={styles.compare}>
              <div>
                <dt>{t('adminHand.mismatches.expected')}</dt>
                <dd>
                  <code className={styles.code}>{shown(m.expected)}</code>
                </dd>
              </div>
              <div>
                <dt>{t('adminHand.mismatches.actual')}</dt>
                <dd>
                  <code className={styles.code}>{shown(m.actual)}</code>
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Cards({ audit }: { audit: HandAudit }) {
  const { t } = useTranslation();
  const columns: Column<AuditCard>[] = [
    { key: 'position', header: t('adminHand.cards.columns.position'), cell: (row) => <span className={styles.number}>{row.position}</span>, align: 'end', primary: true },
    {
      key: 'to',
      header: t('adminHand.cards.columns.to'),
      cell: (row) => (
        <span>
          {row.to === 'Dealer' ? t('adminHand.cards.dealer') : t('adminHand.cards.player', { n: row.handIndex + 1 })}
          {row.faceDown ? <span className={styles.faint}> {t('adminHand.cards.faceDown')}</span> : null}
        </span>
      ),
    },
    { key: 'card', header: t('adminHand.cards.columns.card'), cell: (row) => <CardCell card={row.card} /> },
    { key: 'expected', header: t('adminHand.cards.columns.expected'), cell: (row) => <CardCell card={row.expected} /> },
    { key: 'check', header: t('adminHand.cards.columns.check'), cell: (row) => <Check result={row.matches} /> },
    { key: 'revision', header: t('adminHand.columns.revision'), cell: (row) => <span className={styles.number}>{row.revision}</span>, align: 'end' },
  ];
  return (
    <section className={styles.section} aria-labelledby="audit-cards">
      <div className={styles.sectionHead}>
        <h2 id="audit-cards" className={styles.sectionTitle}>
          {t('adminHand.cards.title')}
        </h2>
        <p className={styles.sectionLead}>{audit.shoe.inPlay ? t('adminHand.cards.leadInPlay') : t('adminHand.cards.lead')}</p>
      </div>
      <DataTable
        columns={columns}
        rows={audit.cards}
        rowKey={(row) => `${row.revision}:${row.position}`}
        caption={t('adminHand.cards.title')}
        empty={t('adminHand.empty')}
        testId="audit-cards"
      />
    </section>
  );
}

function Payouts({ audit }: { audit: HandAudit }) {
  const { t } = useTranslation();
  const format = useSatsFormat();
  const sats = (amount: number | null) => (amount === null ? <span className={styles.faint}>—</span> : <span className={styles.number}>{t('amount.sats', { amount: format.sats(amount) })}</span>);
  const outcome = (o: string | null) => (o === null ? <span className={styles.faint}>—</span> : (t(`ledger.states.${o}` as 'ledger.states.Win', { defaultValue: o }) as string));
  const columns: Column<AuditPayout>[] = [
    { key: 'hand', header: t('adminHand.payouts.columns.hand'), cell: (row) => t('adminHand.payouts.hand', { n: row.handIndex + 1 }), primary: true },
    { key: 'stake', header: t('adminHand.payouts.columns.stake'), cell: (row) => sats(row.stake), align: 'end' },
    { key: 'outcome', header: t('adminHand.payouts.columns.outcome'), cell: (row) => outcome(row.outcome) },
    { key: 'returned', header: t('adminHand.payouts.columns.returned'), cell: (row) => sats(row.returned), align: 'end' },
    { key: 'expectedOutcome', header: t('adminHand.payouts.columns.expectedOutcome'), cell: (row) => outcome(row.expectedOutcome) },
    { key: 'expectedReturned', header: t('adminHand.payouts.columns.expectedReturned'), cell: (row) => sats(row.expectedReturned), align: 'end' },
    { key: 'check', header: t('adminHand.cards.columns.check'), cell: (row) => <Check result={row.matches} /> },
  ];
  return (
    <section className={styles.section} aria-labelledby="audit-payouts">
      <div className={styles.sectionHead}>
        <h2 id="audit-payouts" className={styles.sectionTitle}>
          {t('adminHand.payouts.title')}
        </h2>
        <p className={styles.sectionLead}>{audit.settled ? t('adminHand.payouts.lead') : t('adminHand.notSettled')}</p>
      </div>
      <DataTable columns={columns} rows={audit.payouts} rowKey={(row) => String(row.handIndex)} caption={t('adminHand.payouts.title')} empty={t('adminHand.empty')} testId="audit-payouts" />
      {audit.settlement ? <Settlement recorded={audit.settlement.recorded} expected={audit.settlement.expected} /> : null}
    </section>
  );
}

function Settlement({ recorded, expected }: { recorded: AuditSettlement; expected: AuditSettlement | null }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const value = (field: SettlementField, s: AuditSettlement | null) => {
    if (!s) return <span className={styles.faint}>—</span>;
    const v = s[field];
    return field === 'dealerScore' ? String(v) : field === 'net' ? formats.signed(v) : formats.sats(v);
  };
  // Three narrow columns: it stays a table on a phone too; a row the replay disagrees with is marked.
  return (
    <div className={styles.sub}>
      <h3 className={styles.subTitle} id="audit-settlement-title">
        {t('adminHand.settlement.title')}
      </h3>
      <div className={styles.settlementWrap}>
        <table className={styles.settlement} aria-labelledby="audit-settlement-title" data-testid="audit-settlement">
          <thead>
            <tr>
              <th scope="col">{t('adminHand.settlement.columns.item')}</th>
              <th scope="col">{t('adminHand.settlement.columns.recorded')}</th>
              <th scope="col">{t('adminHand.settlement.columns.expected')}</th>
            </tr>
          </thead>
          <tbody>
            {SETTLEMENT_FIELDS.map((field) => {
              const differs = expected !== null && expected[field] !== recorded[field];
              return (
                <tr key={field} className={differs ? styles.differs : undefined} data-differs={differs}>
                  <th scope="row">{t(`adminHand.settlement.fields.${field}`)}</th>
                  <td>{value(field, recorded)}</td>
                  <td>
                    {value(field, expected)}
                    {differs ? <span className={styles.differsMark}> ✗ {t('adminHand.results.failed')}</span> : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function Ledger({ audit }: { audit: HandAudit }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const formatDate = useDateTimeFormat();
  const held = new Map(audit.ledger.readModel.map((row) => [row.id, row]));
  const given = new Set(audit.ledger.fromEvents.map((row) => row.id));
  const amount = (n: number) => <span className={styles.number}>{formats.signed(n)}</span>;
  const eventColumns: Column<AuditLedgerLine>[] = [
    { key: 'type', header: t('adminHand.ledger.columns.type'), cell: (row) => t(`ledger.types.${row.type}`), primary: true },
    { key: 'amount', header: t('adminHand.ledger.columns.amount'), cell: (row) => amount(row.amount), align: 'end' },
    { key: 'revision', header: t('adminHand.columns.revision'), cell: (row) => <span className={styles.number}>{row.revision}</span>, align: 'end' },
    {
      key: 'check',
      header: t('adminHand.ledger.columns.inLedger'),
      cell: (row) => {
        const line = held.get(row.id);
        return <Check result={line ? line.amount === row.amount && line.type === row.type : false} />;
      },
    },
  ];
  const modelColumns: Column<LedgerEntry>[] = [
    { key: 'time', header: t('adminHand.ledger.columns.time'), cell: (row) => <span className={styles.nowrap}>{formatDate(row.createdTime)}</span>, primary: true },
    { key: 'type', header: t('adminHand.ledger.columns.type'), cell: (row) => t(`ledger.types.${row.type}`) },
    { key: 'amount', header: t('adminHand.ledger.columns.amount'), cell: (row) => amount(row.amount), align: 'end' },
    { key: 'check', header: t('adminHand.ledger.columns.fromEvents'), cell: (row) => <Check result={given.has(row.id)} /> },
  ];
  return (
    <section className={styles.section} aria-labelledby="audit-ledger">
      <div className={styles.sectionHead}>
        <h2 id="audit-ledger" className={styles.sectionTitle}>
          {t('adminHand.ledger.title')}
        </h2>
        <p className={styles.sectionLead}>{t('adminHand.ledger.lead')}</p>
      </div>
      <div className={styles.pair}>
        <div className={styles.sub}>
          <h3 className={styles.subTitle}>{t('adminHand.ledger.fromEvents')}</h3>
          <DataTable columns={eventColumns} rows={audit.ledger.fromEvents} rowKey={(row) => row.id} caption={t('adminHand.ledger.fromEvents')} empty={t('adminHand.empty')} testId="audit-ledger-events" />
        </div>
        <div className={styles.sub}>
          <h3 className={styles.subTitle}>{t('adminHand.ledger.readModel')}</h3>
          <DataTable columns={modelColumns} rows={audit.ledger.readModel} rowKey={(row) => row.id} caption={t('adminHand.ledger.readModel')} empty={t('adminHand.empty')} testId="audit-ledger-read-model" />
        </div>
      </div>
    </section>
  );
}

function Timeline({ audit }: { audit: HandAudit }) {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  return (
    <section className={styles.section} aria-labelledby="audit-timeline">
      <div className={styles.sectionHead}>
        <h2 id="audit-timeline" className={styles.sectionTitle}>
          {t('adminHand.timeline.title')}
        </h2>
        <p className={styles.sectionLead}>{t('adminHand.timeline.lead')}</p>
      </div>
      <ol className={styles.timeline} data-testid="audit-timeline">
        {audit.timeline.map((event) => (
          <li key={`${event.revision}:${event.type}`} className={styles.event}>
            <details>
              <summary className={styles.eventSummary}>
                <span className={styles.eventType}>{event.type}</span>
                <span className={styles.eventMeta}>
                  <span className={styles.nowrap}>{formatDate(event.time)}</span>
                  <span className={styles.nowrap}>{t('adminHand.timeline.revision', { revision: event.revision })}</span>
                </span>
              </summary>
              <pre className={styles.data} tabIndex={0} role="region" aria-label={t('adminHand.timeline.data', { type: event.type })}>
                {JSON.stringify(event.data, null, 2)}
              </pre>
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A hand audited by replay (issue: admins and support): verified, or each mismatch named; then the evidence. */
export function Component() {
  const { t } = useTranslation();
  const { handId = '' } = useParams();
  const audit = useGetHandAuditQuery(handId, { skip: !handId, refetchOnMountOrArgChange: true });

  useEffect(() => {
    document.title = `${t('adminHand.title')} · ${t('common.brand')}`;
  }, [t]);

  if (audit.isLoading) return <PageLoader label={t('adminHand.loading')} />;
  const data = audit.data;

  return (
    <Page>
      <PageHeader
        title={t('adminHand.title')}
        lead={t('adminHand.lead')}
        aside={
          data ? (
            <div className={styles.verdict} data-testid="audit-verdict" data-verified={data.verified}>
              <StatusBadge tone={data.verified ? 'success' : 'danger'}>{data.verified ? t('adminHand.verified') : t('adminHand.notVerified')}</StatusBadge>
              {data.verified ? null : <span className={styles.count}>{t('adminHand.mismatchCount', { n: data.mismatches.length })}</span>}
            </div>
          ) : null
        }
      />
      {audit.isError ? (
        <>
          <p className="alert" role="alert" data-testid="audit-error">
            {failure(t, audit.error)}
          </p>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void audit.refetch()}>
            {t('common.retry')}
          </button>
        </>
      ) : null}
      {data ? (
        <>
          {!data.settled ? (
            <p className="alert alert-info" role="status" data-testid="audit-hand-in-play">
              {t('adminHand.handInPlay')}
            </p>
          ) : data.shoe.inPlay ? (
            <p className="alert alert-info" role="status" data-testid="audit-in-play">
              {t('adminHand.inPlay')}
            </p>
          ) : null}
          <Summary audit={data} />
          <section className={styles.section} aria-labelledby="audit-checks">
            <h2 id="audit-checks" className={styles.sectionTitle}>
              {t('adminHand.checks.title')}
            </h2>
            <ul className={styles.checks} data-testid="audit-checks">
              {CHECKS.map((check) => (
                <li key={check} className={styles.checkItem} data-check={check} data-result={data.checks[check]}>
                  <span>{t(`adminHand.checks.${check}`)}</span>
                  <StatusBadge tone={RESULT_TONE[data.checks[check]]}>{t(`adminHand.results.${data.checks[check]}`)}</StatusBadge>
                </li>
              ))}
            </ul>
            {data.notes.length > 0 ? (
              <div className={styles.notes}>
                <h3 className={styles.subTitle}>{t('adminHand.notes')}</h3>
                <ul>
                  {data.notes.map((note, i) => (
                    <li key={i}>{note}</li>
                  ))}
                </ul>
              </div>
            ) : null}
          </section>
          <Mismatches mismatches={data.mismatches} />
          <Cards audit={data} />
          <Payouts audit={data} />
          <Ledger audit={data} />
          <Timeline audit={data} />
        </>
      ) : null}
    </Page>
  );
}
