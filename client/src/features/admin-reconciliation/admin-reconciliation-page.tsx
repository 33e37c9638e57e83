import { RECONCILIATION_REASON_MAX, type ReconciliationDifference, type ReconciliationRun } from '@bahati/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DataTable, type Column } from '@/components/data-table/data-table';
import { useDateTimeFormat } from '@/components/format/format';
import { Dialog } from '@/components/dialog/dialog';
import { LocalizedLink } from '@/components/localized-link';
import { Page, PageHeader } from '@/components/page/page';
import { StatusBadge } from '@/components/status-badge/status-badge';
import { useFormats } from '@/i18n/use-localized-path';
import { apiErrorMessage, apiErrorStatus, apiServerMessage } from '@/lib/api';
import { useGetReconciliationQuery, useRebuildPlayerMutation, useRunReconciliationMutation } from './admin-reconciliation-api';
import styles from './admin-reconciliation.module.css';
import { Email } from '@/components/format/email';

/** Which read model is wrong: the events decide, so a figure that differs from theirs is the one to rebuild. */
export type Disagreeing = 'bank' | 'ledger' | 'both';

export function disagreeing(d: Pick<ReconciliationDifference, 'bankReadModel' | 'ledgerSum' | 'events' | 'ledgerRows'>): Disagreeing {
  const rows = d.ledgerRows.missing + d.ledgerRows.extra + d.ledgerRows.changed > 0;
  const bank = d.bankReadModel !== d.events;
  const ledger = d.ledgerSum !== d.events || rows;
  return bank && ledger ? 'both' : bank ? 'bank' : 'ledger';
}

function refusal(t: TFunction, error: unknown): string {
  const status = apiErrorStatus(error);
  return apiServerMessage(error) ?? apiErrorMessage(t, error) ?? (typeof status === 'number' ? `HTTP ${status}` : t('staff.network'));
}

/** One of the three figures, marked when it is the one that disagrees. */
function Figure({ amount, wrong }: { amount: number; wrong: boolean }) {
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <span className={wrong ? `${styles.figure} ${styles.wrong}` : styles.figure}>
      {formats.sats(amount)}
      {wrong ? <span className={styles.wrongMark}> ({t('adminReconciliation.differs')})</span> : null}
    </span>
  );
}

function DifferencesTable({ differences, onRebuild }: { differences: ReconciliationDifference[]; onRebuild: (d: ReconciliationDifference) => void }) {
  const { t } = useTranslation();
  const columns: Column<ReconciliationDifference>[] = [
    {
      key: 'player',
      header: t('adminReconciliation.columns.player'),
      primary: true,
      cell: (d) => (
        <span className={styles.player}>
          <LocalizedLink to={`/admin/players/${d.playerId}`} className={styles.email}>
            <Email address={d.email || d.playerId} />
          </LocalizedLink>
          {d.name ? <span className={styles.muted}>{d.name}</span> : null}
        </span>
      ),
    },
    { key: 'bank', header: t('adminReconciliation.columns.bank'), align: 'end', cell: (d) => <Figure amount={d.bankReadModel} wrong={d.bankReadModel !== d.events} /> },
    { key: 'ledger', header: t('adminReconciliation.columns.ledger'), align: 'end', cell: (d) => <Figure amount={d.ledgerSum} wrong={disagreeing(d) !== 'bank'} /> },
    { key: 'events', header: t('adminReconciliation.columns.events'), align: 'end', cell: (d) => <Figure amount={d.events} wrong={false} /> },
    {
      key: 'which',
      header: t('adminReconciliation.columns.which'),
      cell: (d) => {
        const rows = d.ledgerRows.missing + d.ledgerRows.extra + d.ledgerRows.changed;
        return (
          <span className={styles.which}>
            <StatusBadge tone="danger">{t(`adminReconciliation.which.${disagreeing(d)}`)}</StatusBadge>
            {rows > 0 ? <span className={styles.muted}>{t('adminReconciliation.rows', { missing: d.ledgerRows.missing, extra: d.ledgerRows.extra, changed: d.ledgerRows.changed })}</span> : null}
          </span>
        );
      },
    },
    {
      key: 'action',
      header: t('adminReconciliation.columns.action'),
      cell: (d) => (
        <button type="button" className="btn btn-primary btn-sm" onClick={() => onRebuild(d)} aria-label={t('adminReconciliation.rebuild.label', { email: d.email || d.playerId })}>
          {t('adminReconciliation.rebuild.button')}
        </button>
      ),
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={differences}
      rowKey={(d) => d.playerId}
      rowTestId={(d) => `difference-${d.playerId}`}
      caption={t('adminReconciliation.caption')}
      empty={t('adminReconciliation.none')}
      testId="reconciliation-differences"
    />
  );
}

type Outcome = { ok: boolean; text: string };

/** Asks why, then rebuilds the player's bank and ledger from their events. */
function RebuildDialog({ difference, onClose, onDone }: { difference: ReconciliationDifference | null; onClose: () => void; onDone: (outcome: Outcome) => void }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const [rebuild, rebuilding] = useRebuildPlayerMutation();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    setReason('');
    setInvalid(false);
    setFailed(null);
  }, [difference?.playerId]);

  if (!difference) return null;
  const who = difference.email || difference.playerId;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!difference) return;
    const why = reason.trim();
    if (!why) {
      setInvalid(true);
      return;
    }
    setFailed(null);
    try {
      const answer = await rebuild({ playerId: difference.playerId, reason: why }).unwrap();
      const { missing, extra, changed } = answer.ledger;
      onDone({
        ok: true,
        text: answer.repaired
          ? t('adminReconciliation.rebuild.done', { email: who, from: formats.sats(answer.bank.from), to: formats.sats(answer.bank.to), missing, extra, changed })
          : t('adminReconciliation.rebuild.nothing', { email: who }),
      });
    } catch (error) {
      setFailed(t('adminReconciliation.rebuild.failed', { message: refusal(t, error) }));
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('adminReconciliation.rebuild.title', { email: who })}
      description={t('adminReconciliation.rebuild.text', { events: formats.sats(difference.events) })}
      dismissible={!rebuilding.isLoading}
      size="md"
      testId="rebuild-dialog"
    >
      <form className={styles.dialogForm} onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor="rebuild-reason">{t('adminReconciliation.rebuild.reason')}</label>
          <textarea
            id="rebuild-reason"
            className={`input ${styles.reason}`}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              if (e.target.value.trim()) setInvalid(false);
            }}
            maxLength={RECONCILIATION_REASON_MAX}
            rows={3}
            required
            aria-invalid={invalid}
            aria-describedby={invalid ? 'rebuild-reason-hint rebuild-reason-error' : 'rebuild-reason-hint'}
          />
          <span id="rebuild-reason-hint" className="hint">
            {t('adminReconciliation.rebuild.reasonHint', { used: reason.length, max: RECONCILIATION_REASON_MAX })}
          </span>
          {invalid ? (
            <span id="rebuild-reason-error" className={styles.error} role="alert">
              {t('adminReconciliation.rebuild.reasonMissing')}
            </span>
          ) : null}
        </div>
        {failed ? (
          <p className="alert" role="alert">
            {failed}
          </p>
        ) : null}
        <div className={styles.dialogButtons}>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={rebuilding.isLoading}>
            {t('adminReconciliation.rebuild.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={rebuilding.isLoading}>
            {rebuilding.isLoading ? t('adminReconciliation.rebuild.working') : t('adminReconciliation.rebuild.confirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** When the last run checked, over how many players, and the button that checks now. */
function RunSummary({ run, checking, onCheck }: { run: ReconciliationRun | null; checking: boolean; onCheck: () => void }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const formatDate = useDateTimeFormat();
  return (
    <div className={styles.summary} data-testid="reconciliation-summary">
      <div className={styles.summaryText}>
        {run ? (
          <>
            <p className={styles.checkedAt}>{t('adminReconciliation.checkedAt', { time: formatDate(run.checkedAt) })}</p>
            <p className={styles.muted}>{t('adminReconciliation.checked', { players: formats.number(run.playersChecked), ms: formats.number(run.durationMs) })}</p>
          </>
        ) : (
          <p className={styles.muted}>{t('adminReconciliation.never')}</p>
        )}
      </div>
      <button type="button" className="btn btn-primary" onClick={onCheck} disabled={checking}>
        {checking ? t('adminReconciliation.checking') : t('adminReconciliation.checkNow')}
      </button>
    </div>
  );
}

/** The admins' screen: each player whose bank row, ledger and account events disagree, and the rebuild from events. */
export function Component() {
  const { t } = useTranslation();
  const report = useGetReconciliationQuery(undefined, { refetchOnMountOrArgChange: true });
  const [check, checking] = useRunReconciliationMutation();
  const [chosen, setChosen] = useState<ReconciliationDifference | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    document.title = `${t('adminReconciliation.title')} · ${t('common.brand')}`;
  }, [t]);

  async function checkNow() {
    setOutcome(null);
    try {
      await check().unwrap();
    } catch (error) {
      setOutcome({ ok: false, text: t('adminReconciliation.checkFailed', { message: refusal(t, error) }) });
    }
  }

  const run = report.data?.lastRun ?? null;
  return (
    <Page>
      <PageHeader title={t('adminReconciliation.title')} lead={t('adminReconciliation.lead')} />
      <section className={`panel ${styles.panel}`} aria-labelledby="reconciliation-last">
        <h2 id="reconciliation-last" className={styles.panelTitle}>
          {t('adminReconciliation.lastRun')}
        </h2>
        {report.isLoading ? (
          <p className={styles.muted} role="status">
            {t('common.loading')}
          </p>
        ) : report.isError ? (
          <p className="alert" role="alert">
            {t('staff.loadFailed', { message: refusal(t, report.error) })}
          </p>
        ) : (
          <RunSummary run={run} checking={checking.isLoading} onCheck={() => void checkNow()} />
        )}
        <div aria-live="polite">
          {outcome ? (
            <p className={outcome.ok ? `alert alert-info ${styles.ok}` : 'alert'} data-testid="reconciliation-outcome">
              {outcome.text}
            </p>
          ) : null}
        </div>
        {run ? (
          <>
            <p className={run.differences.length ? 'alert' : `alert alert-info ${styles.ok}`} data-testid="reconciliation-verdict">
              {run.differences.length ? t('adminReconciliation.differences', { n: run.differences.length }) : t('adminReconciliation.allAgree')}
            </p>
            {run.differences.length ? <DifferencesTable differences={run.differences} onRebuild={setChosen} /> : null}
          </>
        ) : null}
      </section>
      <RebuildDialog
        difference={chosen}
        onClose={() => setChosen(null)}
        onDone={(done) => {
          setOutcome(done);
          setChosen(null);
        }}
      />
    </Page>
  );
}
