import type { Bonus, BonusStatus } from '@bahati/contracts';
import { useTranslation } from 'react-i18next';
import { SatsAmount, useSatsFormat } from '@/components/amount/sats-amount';
import type { Column } from '@/components/data-table/data-table';
import { useDateTimeFormat } from '@/components/format/format';
import { ProgressBar } from '@/components/progress-bar/progress-bar';
import { StatusBadge, type StatusTone } from '@/components/status-badge/status-badge';
import styles from './bonuses.module.css';

const STATUS_TONE: Record<BonusStatus, StatusTone> = {
  Offered: 'pending',
  Accepted: 'success',
  Complete: 'success',
  Expired: 'neutral',
  Declined: 'neutral',
  Forgiven: 'neutral',
};

/**
 * Accepted and Complete rows: a bar of playthrough against its target and "x / y" (spec "Bonuses screen");
 * a row that ended without one says why.
 */
function Playthrough({ bonus }: { bonus: Bonus }) {
  const { t } = useTranslation();
  const format = useSatsFormat();
  const formatDate = useDateTimeFormat();
  const done = format.sats(Math.min(bonus.playthrough, bonus.playthroughTarget));
  const target = format.sats(bonus.playthroughTarget);
  switch (bonus.status) {
    case 'Accepted':
    case 'Complete':
      return (
        <span className={styles.playthrough}>
          <ProgressBar
            value={bonus.playthrough}
            max={bonus.playthroughTarget}
            label={t('bonuses.columns.playthrough')}
            valueText={t('bonuses.progressLabel', { done, target })}
            testId="playthrough-bar"
          />
          <span className={styles.progressText} data-testid="playthrough-text">
            {t('bonuses.progress', { done, target })}
          </span>
        </span>
      );
    case 'Offered':
      return <span className={styles.muted}>{t('bonuses.toWager', { target })}</span>;
    case 'Forgiven':
      return <span className={styles.muted}>{t('bonuses.waived')}</span>;
    case 'Expired':
      return bonus.endedBy === 'withdrawal' && bonus.endedAt ? (
        <span className={styles.muted} data-testid="bonus-lapsed-note">
          {t('bonuses.lapsed', { date: formatDate(bonus.endedAt) })}
        </span>
      ) : (
        <span className={styles.faint}>—</span>
      );
    default:
      return <span className={styles.faint}>—</span>;
  }
}

/** The columns of the player's bonuses: date (and when an offer ends), code, amount, status, playthrough, and Accept and Decline on an offer. */
export function useBonusColumns({ onAccept, onDecline }: { onAccept: (bonus: Bonus) => void; onDecline: (bonus: Bonus) => void }): Column<Bonus>[] {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  const format = useSatsFormat();
  return [
    {
      key: 'date',
      header: t('bonuses.columns.date'),
      cell: (row) => (
        <span className={styles.date}>
          {formatDate(row.date)}
          {row.status === 'Offered' && row.expiresAt ? <span className={styles.faint}>{t('bonuses.offerEnds', { date: formatDate(row.expiresAt) })}</span> : null}
        </span>
      ),
    },
    {
      key: 'code',
      header: t('bonuses.columns.code'),
      cell: (row) => (row.redeemCode ? <code className={styles.code}>{row.redeemCode}</code> : <span className={styles.muted}>{t('bonuses.firstDeposit')}</span>),
    },
    { key: 'amount', header: t('bonuses.columns.amount'), cell: (row) => <SatsAmount sats={row.bonusAmount} stacked />, align: 'end', primary: true },
    {
      key: 'status',
      header: t('bonuses.columns.status'),
      cell: (row) => (
        <StatusBadge tone={STATUS_TONE[row.status]} testId="bonus-status">
          {t(`bonuses.status.${row.status}`)}
        </StatusBadge>
      ),
    },
    { key: 'playthrough', header: t('bonuses.columns.playthrough'), cell: (row) => <Playthrough bonus={row} />, className: styles.playthroughCell },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('bonuses.columns.actions')}</span>,
      cell: (row) =>
        row.status === 'Offered' ? (
          <span className={styles.actions}>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={() => onAccept(row)}
              aria-label={t('bonuses.acceptLabel', { amount: format.sats(row.bonusAmount) })}
            >
              {t('bonuses.accept')}
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => onDecline(row)}
              aria-label={t('bonuses.declineLabel', { amount: format.sats(row.bonusAmount) })}
            >
              {t('bonuses.decline')}
            </button>
          </span>
        ) : null,
      align: 'end',
      className: styles.actionsCell,
    },
  ];
}
