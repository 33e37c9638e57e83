import type { WithdrawalRisk } from '@bahati/contracts';
import { useTranslation } from 'react-i18next';
import { SatsAmount, useSatsFormat } from '@/components/amount/sats-amount';
import { useDateTimeFormat } from '@/components/format/format';
import { LocalizedLink } from '@/components/localized-link';
import styles from './admin-withdrawals.module.css';

/** An account younger than this is said to be new. */
const NEW_ACCOUNT_DAYS = 7;

/**
 * The warnings of a request in the queue, in words: a ban, a destination other players paid to, the suspect level (a
 * player at or above the hold level is held for review), an amount that needs two admins, a new account.
 */
export function RiskSummary({ risk }: { risk: WithdrawalRisk | undefined }) {
  const { t } = useTranslation();
  if (!risk) return null;
  const flags: { key: string; text: string; tone: 'warn' | 'danger' }[] = [];
  if (risk.banned) flags.push({ key: 'banned', text: t('adminWithdrawals.risk.banned'), tone: 'danger' });
  if (risk.sharedWith.length > 0) flags.push({ key: 'shared', text: t('adminWithdrawals.risk.shared', { count: risk.sharedWith.length }), tone: 'danger' });
  if (risk.heldForReview) flags.push({ key: 'held', text: t('adminWithdrawals.risk.held', { level: risk.suspectLevel, hold: risk.holdLevel }), tone: 'danger' });
  else if (risk.suspectLevel > 0) flags.push({ key: 'suspect', text: t('adminWithdrawals.risk.suspect', { level: risk.suspectLevel }), tone: 'warn' });
  if (risk.approvalsNeeded === 2) flags.push({ key: 'fourEyes', text: t('adminWithdrawals.risk.fourEyes'), tone: 'warn' });
  if (risk.accountAgeDays !== null && risk.accountAgeDays < NEW_ACCOUNT_DAYS) flags.push({ key: 'new', text: t('adminWithdrawals.risk.newAccount', { days: risk.accountAgeDays }), tone: 'warn' });
  if (flags.length === 0) return null;
  return (
    <ul className={styles.riskFlags} data-testid="risk-flags">
      {flags.map((f) => (
        <li key={f.key} className={f.tone === 'danger' ? styles.riskDanger : styles.riskWarn} data-flag={f.key}>
          {f.text}
        </li>
      ))}
    </ul>
  );
}

/** Before paying: who the player is, what they put in and took out, their suspect record, and who else was paid to the same wallet. */
export function RiskPanel({ risk }: { risk: WithdrawalRisk | undefined }) {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  const format = useSatsFormat();
  if (!risk) return <p className={styles.faint}>{t('adminWithdrawals.risk.loading')}</p>;
  return (
    <section className={styles.risk} aria-labelledby="risk-title" data-testid="risk-panel">
      <h3 id="risk-title" className={styles.riskTitle}>
        {t('adminWithdrawals.risk.title')}
      </h3>
      <RiskSummary risk={risk} />
      <dl className={styles.riskList}>
        <div>
          <dt>{t('adminWithdrawals.risk.player')}</dt>
          <dd>
            <LocalizedLink to={`/admin/players/${risk.playerId}`}>{risk.email ?? risk.playerId}</LocalizedLink>
          </dd>
        </div>
        <div>
          <dt>{t('adminWithdrawals.risk.accountAge')}</dt>
          <dd>{risk.createdTime ? t('adminWithdrawals.risk.since', { date: formatDate(risk.createdTime), days: risk.accountAgeDays ?? 0 }) : '—'}</dd>
        </div>
        <div>
          <dt>{t('adminWithdrawals.risk.deposited')}</dt>
          <dd>
            <SatsAmount sats={risk.deposited} />
          </dd>
        </div>
        <div>
          <dt>{t('adminWithdrawals.risk.withdrawn')}</dt>
          <dd>
            <SatsAmount sats={risk.withdrawn} />
          </dd>
        </div>
        <div>
          <dt>{t('adminWithdrawals.risk.gameNet')}</dt>
          <dd data-testid="risk-game-net">{t('game.sats', { amount: format.signed(risk.gameNet) })}</dd>
        </div>
        <div>
          <dt>{t('adminWithdrawals.risk.bonuses')}</dt>
          <dd>
            <SatsAmount sats={risk.bonuses} />
          </dd>
        </div>
        <div>
          <dt>{t('adminWithdrawals.risk.bank')}</dt>
          <dd>
            <SatsAmount sats={risk.bank} />
          </dd>
        </div>
        <div>
          <dt>{t('adminWithdrawals.risk.suspectLevel')}</dt>
          <dd>
            {risk.suspectLevel}
            {risk.latestSuspect.length > 0 ? (
              <ul className={styles.riskRecords}>
                {risk.latestSuspect.map((r, i) => (
                  <li key={i}>
                    {t(`adminPlayers.reasons.${r.reason as 'PlayDeviation'}`)} ({r.suspectChange > 0 ? '+' : ''}
                    {r.suspectChange}), {formatDate(r.time)}
                  </li>
                ))}
              </ul>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('adminWithdrawals.risk.sharedTitle')}</dt>
          <dd data-testid="risk-shared">
            {risk.sharedWith.length === 0 ? (
              t('adminWithdrawals.risk.none')
            ) : (
              <ul className={styles.riskRecords}>
                {risk.sharedWith.map((s) => (
                  <li key={s.playerId}>
                    <LocalizedLink to={`/admin/players/${s.playerId}`}>{s.email ?? s.playerId}</LocalizedLink>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
