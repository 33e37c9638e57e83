import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { LocalizedLink } from '@/components/localized-link';
import { Spinner } from '@/components/spinner';
import { useGetCoachWeekQuery } from './profile-api';
import styles from './profile.module.css';

/** The profile links here (`/profile#coach`), and so does the table's coach. */
export const COACH_ANCHOR = 'coach';

/**
 * The strategy coach's week (the server's coach read model, GET players/coach/week): the player's own
 * decisions over the hands of the last 7 days that differed from basic strategy, and the expected value
 * they gave away — an infinite-deck approximation, said so, and never a prediction of cards.
 */
export function CoachSection() {
  const { t } = useTranslation();
  const format = useSatsFormat();
  // The week moves with every hand: read it fresh on arrival.
  const { data, isLoading, isError } = useGetCoachWeekQuery(undefined, { refetchOnMountOrArgChange: true });
  const sats = data ? Math.round(Math.abs(data.costMsat) / 1000) : 0;
  const location = useLocation();
  const sectionRef = useRef<HTMLElement>(null);
  const ready = !isLoading;
  useEffect(() => {
    if (ready && location.hash === `#${COACH_ANCHOR}`) sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [location.hash, location.key, ready]);
  return (
    <section ref={sectionRef} id={COACH_ANCHOR} className={`panel ${styles.card}`} aria-labelledby="profile-coach" data-testid="profile-coach">
      <h2 id="profile-coach" className={styles.h2}>
        {t('profile.coach.title')}
      </h2>
      <p className={styles.intro}>{t('profile.coach.intro')}</p>
      {isLoading ? (
        <Spinner label={t('common.loading')} />
      ) : isError || !data ? (
        <p className="alert">{t('profile.coach.failed')}</p>
      ) : data.hands === 0 ? (
        <p className={styles.note}>{t('profile.coach.none')}</p>
      ) : (
        <dl className={styles.stats}>
          <div>
            <dt>{t('profile.coach.hands')}</dt>
            <dd className={styles.count} data-testid="coach-week-hands">
              {format.sats(data.hands)}
            </dd>
          </div>
          <div>
            <dt>{t('profile.coach.decisions')}</dt>
            <dd className={styles.count}>{format.sats(data.decisions)}</dd>
          </div>
          <div>
            <dt>{t('profile.coach.deviations')}</dt>
            <dd className={styles.count} data-testid="coach-week-deviations">
              {format.sats(data.deviations)}
            </dd>
          </div>
          <div>
            <dt>{data.costMsat >= 0 ? t('profile.coach.given') : t('profile.coach.gained')}</dt>
            <dd data-testid="coach-week-given" data-msat={data.costMsat}>
              {t('amount.sats', { amount: format.sats(sats) })}
            </dd>
          </div>
        </dl>
      )}
      <p className={styles.note}>{t('profile.coach.note')}</p>
      <p className={styles.small}>
        <LocalizedLink to="/game">{t('profile.coach.table')}</LocalizedLink>
      </p>
    </section>
  );
}
