import { AUDIT_ACTIONS, type AuditAction, type AuditEntry, PAGE_LIMIT_DEFAULT } from '@bahati/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useSearchParams } from 'react-router-dom';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { DataTable, type Column } from '@/components/data-table/data-table';
import { useDateTimeFormat } from '@/components/format/format';
import { LocalizedLink } from '@/components/localized-link';
import { Page, PageHeader } from '@/components/page/page';
import { Pager } from '@/components/pager/pager';
import { apiErrorMessage, apiServerMessage } from '@/lib/api';
import { type AuditFilters, useGetAuditLogQuery, useLazyExportAuditLogQuery } from './admin-audit-api';
import styles from './admin-audit.module.css';

const FILTER_KEYS = ['action', 'staff', 'player', 'from', 'to'] as const;
const STATES = ['active', 'banned', 'Created', 'FirstApproval', 'Approved', 'Declined', 'Failed', 'Held', 'Credited', 'Returned', 'admin', 'support'] as const;

/** A before or after value in the reader's language where it is a state the log knows; a level, a date or a name as it is. */
function stateText(t: TFunction, value: string | null): string {
  if (value === null) return '—';
  return (STATES as readonly string[]).includes(value) ? t(`adminAudit.states.${value as (typeof STATES)[number]}`) : value;
}

const isAction = (value: string): value is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(value);

const EMPTY_FILTERS: AuditFilters = { action: '', staff: '', player: '', from: '', to: '' };

/** The log's columns: when, what, who, on whom, the change (and any amount), why. */
function useAuditColumns(): Column<AuditEntry>[] {
  const { t } = useTranslation();
  const format = useSatsFormat();
  const formatDate = useDateTimeFormat();
  return [
    { key: 'at', header: t('adminAudit.columns.at'), cell: (row) => <time dateTime={row.at}>{formatDate(row.at)}</time> },
    {
      key: 'action',
      header: t('adminAudit.columns.action'),
      primary: true,
      cell: (row) => (
        <span className={styles.action} data-action={row.action}>
          {t(`adminAudit.actions.${row.action}`)}
        </span>
      ),
    },
    { key: 'staff', header: t('adminAudit.columns.staff'), cell: (row) => <span className={styles.wrap}>{row.staffEmail ?? row.staffId}</span> },
    {
      key: 'subject',
      header: t('adminAudit.columns.subject'),
      cell: (row) =>
        row.playerId ? (
          <LocalizedLink to={`/admin/players/${row.playerId}`} className={styles.wrap}>
            {row.playerEmail ?? row.playerId}
          </LocalizedLink>
        ) : (
          <span className={styles.wrap}>{row.subject}</span>
        ),
    },
    {
      key: 'change',
      header: t('adminAudit.columns.change'),
      cell: (row) => (
        <span className={styles.change}>
          {row.before === null ? (row.after === null ? null : stateText(t, row.after)) : t('adminAudit.change', { before: stateText(t, row.before), after: stateText(t, row.after) })}
          {row.amount !== null ? <span className={styles.amount}>{t('game.sats', { amount: format.sats(row.amount) })}</span> : null}
        </span>
      ),
    },
    { key: 'reason', header: t('adminAudit.columns.reason'), cell: (row) => <span className={styles.reason}>{row.reason ?? '—'}</span> },
  ];
}

/** The filters: the action, part of the staff member's e-mail, a player id, and the UTC days from and to. */
function AuditFilterForm({
  draft,
  onDraft,
  filtered,
  onSubmit,
  onClear,
}: {
  draft: AuditFilters;
  onDraft: (next: AuditFilters) => void;
  filtered: boolean;
  onSubmit: (event: FormEvent) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const field = (key: (typeof FILTER_KEYS)[number]) => ({
    id: `audit-${key}`,
    value: draft[key],
    onChange: (event: { target: { value: string } }) => onDraft({ ...draft, [key]: event.target.value }),
  });
  return (
      <form className={styles.filters} onSubmit={onSubmit} aria-label={t('adminAudit.filters.label')}>
        <div className="field">
          <label htmlFor="audit-action">{t('adminAudit.filters.action')}</label>
          <select className="input" {...field('action')}>
            <option value="">{t('adminAudit.filters.anyAction')}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {t(`adminAudit.actions.${a}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-staff">{t('adminAudit.filters.staff')}</label>
          <input className="input" type="search" maxLength={254} autoComplete="off" {...field('staff')} />
        </div>
        <div className="field">
          <label htmlFor="audit-player">{t('adminAudit.filters.player')}</label>
          <input className="input" type="search" maxLength={36} autoComplete="off" spellCheck={false} {...field('player')} />
        </div>
        <div className="field">
          <label htmlFor="audit-from">{t('adminAudit.filters.from')}</label>
          <input className="input" type="date" {...field('from')} />
        </div>
        <div className="field">
          <label htmlFor="audit-to">{t('adminAudit.filters.to')}</label>
          <input className="input" type="date" {...field('to')} />
        </div>
        <div className={styles.filterButtons}>
          <button type="submit" className="btn btn-primary btn-sm">
            {t('adminAudit.filters.apply')}
          </button>
          {filtered ? (
            <button type="button" className="btn btn-ghost btn-sm" onClick={onClear}>
              {t('adminAudit.filters.clear')}
            </button>
          ) : null}
        </div>
      </form>
  );
}

/** Admin "Audit log": every staff decision, filterable, paged, and exported as CSV with the same rows. */
export function Component() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const action = params.get('action') ?? '';
  const filters: AuditFilters = {
    action: isAction(action) ? action : '',
    staff: params.get('staff') ?? '',
    player: params.get('player') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  const offset = Math.max(0, Number.parseInt(params.get('offset') ?? '0', 10) || 0);
  const log = useGetAuditLogQuery({ ...filters, offset, limit: PAGE_LIMIT_DEFAULT });
  const [draft, setDraft] = useState(filters);
  const [exportCsv, exporting] = useLazyExportAuditLogQuery();
  const [exportError, setExportError] = useState<string | null>(null);

  useEffect(() => {
    document.title = `${t('adminAudit.title')} · ${t('common.brand')}`;
  }, [t]);
  // The form follows the address (back and forward, a link from a player's page).
  useEffect(() => setDraft(filters), [params]);

  function go(next: AuditFilters, nextOffset = 0) {
    const search = new URLSearchParams();
    for (const key of FILTER_KEYS) if (next[key].trim() !== '') search.set(key, next[key].trim());
    if (nextOffset > 0) search.set('offset', String(nextOffset));
    setParams(search);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    go(draft);
  }

  async function download() {
    setExportError(null);
    try {
      const csv = await exportCsv(filters).unwrap();
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = 'audit-log.csv';
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      setExportError(t('adminAudit.exportFailed', { message: apiServerMessage(error) ?? apiErrorMessage(t, error) ?? t('staff.network') }));
    }
  }

  const columns = useAuditColumns();

  const page = log.data;

  return (
    <Page>
      <PageHeader
        title={t('adminAudit.title')}
        lead={t('adminAudit.lead')}
        aside={
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void download()} disabled={exporting.isFetching} data-testid="audit-export">
            {exporting.isFetching ? t('adminAudit.exporting') : t('adminAudit.export')}
          </button>
        }
      />
      <AuditFilterForm draft={draft} onDraft={setDraft} filtered={FILTER_KEYS.some((k) => filters[k] !== '')} onSubmit={submit} onClear={() => go(EMPTY_FILTERS)} />
      {exportError ? (
        <p className="alert" role="alert">
          {exportError}
        </p>
      ) : null}
      {log.isError ? (
        <p className="alert" role="alert">
          {t('staff.loadFailed', { message: apiServerMessage(log.error) ?? apiErrorMessage(t, log.error) ?? t('staff.network') })}
        </p>
      ) : null}
      <DataTable
        columns={columns}
        rows={page?.items}
        rowKey={(row) => row.id}
        caption={page ? t('adminAudit.caption', { count: page.total }) : t('adminAudit.title')}
        empty={t('adminAudit.none')}
        loading={log.isLoading}
        loadingLabel={t('common.loading')}
        testId="audit-table"
        rowTestId={(row) => `audit-${row.id}`}
      />
      {page ? (
        <Pager offset={offset} limit={PAGE_LIMIT_DEFAULT} total={page.total} onChange={(next) => go(filters, next)} label={t('adminAudit.pages')} disabled={log.isFetching} />
      ) : null}
    </Page>
  );
}
