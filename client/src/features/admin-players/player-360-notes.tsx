import type { AuditEntry, StaffNoteView } from '@bahati/contracts';
import { STAFF_REASON_MAX, STAFF_REASON_MIN } from '@bahati/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '@/components/data-table/data-table';
import { useDateTimeFormat } from '@/components/format/format';
import { LocalizedLink } from '@/components/localized-link';
import { reasonProblem } from '@/components/reason/reason-field';
import { apiErrorMessage, apiErrorStatus, apiServerMessage } from '@/lib/api';
import { useAddStaffNoteMutation } from './admin-players-api';
import { Faint, Section } from './player-360-section';
import styles from './player-360.module.css';

/** The notes staff left on the player, newest first, and the form that adds one (admins and support). */
export function NotesSection({ playerId, notes, loading }: { playerId: string; notes: StaffNoteView[] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  const id = useId();
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [addNote, { isLoading: saving }] = useAddStaffNoteMutation();
  const problem = reasonProblem(text, true);
  const shown = tried && problem ? problem : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    setOutcome(null);
    if (problem) return;
    try {
      await addNote({ playerId, note: text.trim() }).unwrap();
      setText('');
      setTried(false);
      setOutcome({ ok: true, text: t('adminPlayers.view.notes.saved') });
    } catch (error) {
      const status = apiErrorStatus(error);
      const message = apiServerMessage(error) ?? apiErrorMessage(t, error) ?? (typeof status === 'number' ? `HTTP ${status}` : t('staff.network'));
      setOutcome({ ok: false, text: t('adminPlayers.view.notes.failed', { message }) });
    }
  }

  const problemText = shown === 'tooLong' ? t('adminPlayers.view.notes.tooLong', { max: STAFF_REASON_MAX }) : t('adminPlayers.view.notes.tooShort', { min: STAFF_REASON_MIN });

  return (
    <Section id="player-notes" title={t('adminPlayers.view.notes.title')} lead={t('adminPlayers.view.notes.lead')}>
      <form className={styles.noteForm} onSubmit={submit} noValidate>
        <label htmlFor={id} className={styles.noteLabel}>
          {t('adminPlayers.view.notes.label')}
        </label>
        <textarea
          id={id}
          className="input"
          rows={3}
          value={text}
          maxLength={STAFF_REASON_MAX + 50}
          aria-invalid={shown !== null}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setText(event.target.value)}
          data-testid="note-input"
        />
        <p id={`${id}-hint`} className={shown ? styles.problem : styles.hint} role={shown ? 'alert' : undefined}>
          {shown ? problemText : t('adminPlayers.view.notes.hint', { min: STAFF_REASON_MIN, max: STAFF_REASON_MAX })}
        </p>
        <div className={styles.noteActions}>
          <button type="submit" className="btn btn-primary btn-sm" disabled={saving}>
            {saving ? t('adminPlayers.view.notes.saving') : t('adminPlayers.view.notes.submit')}
          </button>
          {outcome ? (
            <span className={outcome.ok ? styles.saved : styles.problem} role={outcome.ok ? 'status' : 'alert'} data-testid="note-outcome">
              {outcome.text}
            </span>
          ) : null}
        </div>
      </form>
      {loading ? null : notes && notes.length > 0 ? (
        <ol className={styles.notes} aria-label={t('adminPlayers.view.notes.list')} data-testid="player-notes">
          {notes.map((n) => (
            <li key={n.id} className={styles.note}>
              <p className={styles.noteMeta}>
                <span className={styles.email}>{n.staffEmail ?? n.staffId}</span> · <time dateTime={n.at}>{formatDate(n.at)}</time>
              </p>
              <p className={styles.noteText} dir="auto">
                {n.note}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p className={styles.faint}>{t('adminPlayers.view.notes.empty')}</p>
      )}
    </Section>
  );
}

/** Every staff decision about the player, from the audit log (admins only). */
export function StaffActionsSection({ playerId, actions, loading }: { playerId: string; actions: AuditEntry[] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  const change = (r: AuditEntry) =>
    r.before === null && r.after === null ? <Faint /> : t('adminAudit.change', { before: r.before ?? '—', after: r.after ?? '—' });
  const columns: Column<AuditEntry>[] = [
    { key: 'time', header: t('adminPlayers.view.columns.time'), cell: (r) => <span className={styles.nowrap}>{formatDate(r.at)}</span>, primary: true },
    { key: 'action', header: t('adminPlayers.view.columns.action'), cell: (r) => t(`adminAudit.actions.${r.action}`) },
    { key: 'staff', header: t('adminPlayers.view.columns.staff'), cell: (r) => <span className={styles.email}>{r.staffEmail ?? r.staffId}</span> },
    { key: 'change', header: t('adminPlayers.view.columns.change'), cell: change },
    {
      key: 'reason',
      header: t('adminPlayers.view.columns.reason'),
      cell: (r) =>
        r.reason ? (
          <span className={styles.reason} dir="auto">
            {r.reason}
          </span>
        ) : (
          <Faint />
        ),
    },
  ];
  return (
    <Section
      id="player-staff-actions"
      title={t('adminPlayers.view.actions.title')}
      lead={t('adminPlayers.view.actions.lead')}
      aside={
        <LocalizedLink to={`/admin/audit-log?player=${playerId}`} className="btn btn-ghost btn-sm">
          {t('adminPlayers.view.actions.open')}
        </LocalizedLink>
      }
    >
      <div className={styles.table}>
        <DataTable
          columns={columns}
          rows={actions}
          rowKey={(r) => r.id}
          caption={t('adminPlayers.view.actions.caption')}
          empty={t('adminPlayers.view.actions.empty')}
          loading={loading}
          loadingLabel={t('common.loading')}
          testId="player-staff-actions"
          cardsByRoom
        />
      </div>
    </Section>
  );
}
