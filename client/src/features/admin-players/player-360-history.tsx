import type { PlayerSessionView, ProtectionChangeView } from '@bahati/contracts';
import { useTranslation } from 'react-i18next';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { DataTable, type Column } from '@/components/data-table/data-table';
import { useDateTimeFormat } from '@/components/format/format';
import { StatusBadge } from '@/components/status-badge/status-badge';
import { Faint, Section } from './player-360-section';
import styles from './player-360.module.css';

/** Every sign-in with the address it came from, and how it ended. */
export function SessionsSection({ sessions, loading }: { sessions: PlayerSessionView[] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  const when = (iso: string) => <span className={styles.nowrap}>{formatDate(iso)}</span>;
  const columns: Column<PlayerSessionView>[] = [
    { key: 'started', header: t('adminPlayers.view.columns.started'), cell: (r) => when(r.startedAt), primary: true },
    {
      key: 'address',
      header: t('adminPlayers.view.columns.address'),
      cell: (r) => (r.address ? <code className={styles.code}>{r.address}</code> : <Faint>{t('adminPlayers.view.sessions.unknown')}</Faint>),
    },
    { key: 'validUntil', header: t('adminPlayers.view.columns.validUntil'), cell: (r) => when(r.expiresAt) },
    {
      key: 'ended',
      header: t('adminPlayers.view.columns.ended'),
      cell: (r) =>
        r.endedAt && r.endReason ? (
          <span className={styles.stack}>
            <span>{t(`adminPlayers.view.sessions.ends.${r.endReason}`)}</span>
            <span className={styles.faint}>{formatDate(r.endedAt)}</span>
          </span>
        ) : (
          <StatusBadge tone="success">{t('adminPlayers.view.sessions.open')}</StatusBadge>
        ),
    },
  ];
  return (
    <Section id="player-sessions" title={t('adminPlayers.view.sessions.title')} lead={t('adminPlayers.view.sessions.lead')}>
      <div className={styles.table}>
        <DataTable
          columns={columns}
          rows={sessions}
          rowKey={(r) => r.sessionId}
          caption={t('adminPlayers.view.sessions.caption')}
          empty={t('adminPlayers.view.sessions.empty')}
          loading={loading}
          loadingLabel={t('common.loading')}
          testId="player-sessions"
          cardsByRoom
        />
      </div>
    </Section>
  );
}

/** Each change of a limit or of the self-exclusion, as the player made it. */
export function ProtectionsSection({ changes, loading }: { changes: ProtectionChangeView[] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  const format = useSatsFormat();
  const kind = (r: ProtectionChangeView) =>
    r.kind === 'selfExclusion' || r.kind === 'selfExclusionLiftRequested' || r.kind === 'selfExclusionLiftCancelled'
      ? t(`adminPlayers.view.protections.kinds.${r.kind}`)
      : t(`profile.limits.kinds.${r.kind}`);
  const value = (r: ProtectionChangeView) => {
    if (r.kind.startsWith('selfExclusion')) return <Faint />;
    if (r.value === null) return <span>{t('adminPlayers.view.protections.removed')}</span>;
    if (r.kind === 'sessionReminderMinutes') return <span className={styles.number}>{t('adminPlayers.view.protections.minutes', { n: r.value })}</span>;
    return <span className={styles.number}>{t('amount.sats', { amount: format.sats(r.value) })}</span>;
  };
  const columns: Column<ProtectionChangeView>[] = [
    { key: 'time', header: t('adminPlayers.view.columns.time'), cell: (r) => <span className={styles.nowrap}>{formatDate(r.at)}</span>, primary: true },
    { key: 'change', header: t('adminPlayers.view.columns.change'), cell: kind },
    { key: 'value', header: t('adminPlayers.view.columns.value'), cell: value, align: 'end' },
    {
      key: 'applies',
      header: t('adminPlayers.view.columns.applies'),
      cell: (r) => (r.effectiveAt ? <span className={styles.nowrap}>{formatDate(r.effectiveAt)}</span> : <Faint>{t('adminPlayers.view.protections.atOnce')}</Faint>),
    },
  ];
  return (
    <Section id="player-protections" title={t('adminPlayers.view.protections.title')} lead={t('adminPlayers.view.protections.lead')}>
      <div className={styles.table}>
        <DataTable
          columns={columns}
          rows={changes}
          rowKey={(r) => r.id}
          caption={t('adminPlayers.view.protections.caption')}
          empty={t('adminPlayers.view.protections.empty')}
          loading={loading}
          loadingLabel={t('common.loading')}
          testId="player-protections"
          cardsByRoom
        />
      </div>
    </Section>
  );
}
