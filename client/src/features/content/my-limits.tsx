import type { LimitKind, LimitSettingView } from '@bahati/contracts';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { useDateTimeFormat } from '@/components/format/format';
import { useGetLimitsQuery } from '@/lib/api';
import { useCurrentPlayer } from '@/lib/current-player';
import styles from './content-widgets.module.css';

const KINDS = ['dailyDeposit', 'weeklyDeposit', 'monthlyDeposit', 'dailyLoss', 'weeklyLoss', 'monthlyLoss', 'sessionReminderMinutes'] as const satisfies readonly LimitKind[];

function LimitsList() {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useGetLimitsQuery();
  const { sats: group } = useSatsFormat();
  const formatTime = useDateTimeFormat();
  if (isLoading) return <p className={styles.muted}>{t('profile.limits.loading')}</p>;
  if (isError || !data) {
    return (
      <p className="alert" role="alert">
        {t('profile.limits.loadFailed')}{' '}
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void refetch()}>
          {t('common.retry')}
        </button>
      </p>
    );
  }
  const describe = (kind: LimitKind, value: number | null) =>
    kind === 'sessionReminderMinutes'
      ? value === null
        ? t('profile.limits.reminderOff')
        : t('profile.limits.everyMinutes', { count: value })
      : value === null
        ? t('profile.limits.noLimit')
        : t('profile.limits.valueSats', { amount: group(value) });
  const none = KINDS.every((kind) => (data.limits[kind]?.value ?? null) === null && !data.limits[kind]?.pending);
  return (
    <>
      {none ? <p className={styles.muted}>{t('pages.limits.none')}</p> : null}
      <dl className={styles.limits} data-testid="my-limits">
        {KINDS.map((kind) => {
          const setting: LimitSettingView = data.limits[kind] ?? { value: null, pending: null };
          return (
            <div key={kind} className={setting.value === null ? styles.unset : undefined}>
              <dt>{t(`profile.limits.kinds.${kind}`)}</dt>
              <dd>
                {describe(kind, setting.value)}
                {setting.pending ? (
                  <span className={styles.pending}>
                    {setting.pending.value === null
                      ? t('profile.limits.pendingRemoval', { time: formatTime(setting.pending.effectiveAt) })
                      : t('profile.limits.pendingValue', { value: describe(kind, setting.pending.value), time: formatTime(setting.pending.effectiveAt) })}
                  </span>
                ) : null}
              </dd>
            </div>
          );
        })}
      </dl>
    </>
  );
}

/** The responsible-gaming page's view of the reader's own limits: what is in force now, with a link to change them. */
export function MyLimits() {
  const { t } = useTranslation();
  const { isSignedIn, player } = useCurrentPlayer();
  return (
    <section className={`panel ${styles.panel}`} aria-labelledby="my-limits-title">
      <h3 id="my-limits-title" className={styles.title}>
        {t('pages.limits.title')}
      </h3>
      {isSignedIn ? (
        <>
          {player?.selfExclude ? (
            <p className="alert alert-info" role="status">
              {t('pages.limits.selfExcluded')}
            </p>
          ) : null}
          <LimitsList />
          <LocalizedLink to="/profile#limits" className="btn btn-primary btn-sm">
            {t('pages.limits.manage')}
          </LocalizedLink>
        </>
      ) : (
        <>
          <p className={styles.muted}>{t('pages.limits.signedOut')}</p>
          <LocalizedLink to="/authentication" className="btn btn-ghost btn-sm">
            {t('shell.signIn')}
          </LocalizedLink>
        </>
      )}
    </section>
  );
}
