import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTimeFormat } from '@/components/format/format';
import { LocalizedLink } from '@/components/localized-link';
import { useCurrentPlayer } from '@/lib/current-player';
import styles from './money-content.module.css';

const HELP = [
  { key: 'gamblingTherapy', href: 'https://www.gamblingtherapy.org/' },
  { key: 'gamblersAnonymous', href: 'https://www.gamblersanonymous.org/' },
] as const;

/** Spec "Other pages": where a self-excluded player lands (sign-in, or a refused deal). */
export function Component() {
  const { t } = useTranslation();
  const { player } = useCurrentPlayer();
  const formatDate = useDateTimeFormat();

  useEffect(() => {
    document.title = `${t('selfExcluded.title')} · ${t('common.brand')}`;
  }, [t]);

  return (
    <div className={styles.narrow}>
      <div className={`panel ${styles.card}`} data-testid="self-excluded-page">
        <div className={styles.globe} aria-hidden="true">
          <svg viewBox="0 0 48 48" width="56" height="56">
            <circle cx="24" cy="24" r="18" fill="none" stroke="currentColor" strokeWidth="2" />
            <rect x="17" y="15" width="4.5" height="18" rx="1.5" fill="currentColor" />
            <rect x="26.5" y="15" width="4.5" height="18" rx="1.5" fill="currentColor" />
          </svg>
        </div>
        <h1 className={styles.title}>{t('selfExcluded.title')}</h1>
        <p className={styles.lead}>{t('selfExcluded.lead')}</p>
        {player?.selfExclusionLiftsAt ? (
          <p className={`alert alert-info ${styles.liftsAt}`} role="status" data-testid="self-excluded-lifts-at">
            {t('selfExcluded.liftsAt', { time: formatDate(player.selfExclusionLiftsAt) })}
          </p>
        ) : null}
        {player && !player.selfExclude ? (
          <p className="alert alert-info" role="status">
            {t('selfExcluded.notOn')}
          </p>
        ) : null}

        <h2 className={styles.h2}>{t('selfExcluded.meansTitle')}</h2>
        <ul className={styles.list}>
          <li>{t('selfExcluded.means.play')}</li>
          <li>{t('selfExcluded.means.deposit')}</li>
          <li>{t('selfExcluded.means.codes')}</li>
          <li>{t('selfExcluded.means.withdraw')}</li>
          <li>{t('selfExcluded.means.history')}</li>
        </ul>

        <h2 className={styles.h2}>{t('selfExcluded.endTitle')}</h2>
        <p>{t('selfExcluded.endText')}</p>

        <h2 className={styles.h2}>{t('selfExcluded.withdrawTitle')}</h2>
        <p>{t('selfExcluded.withdrawText')}</p>

        <div className={styles.actions}>
          <LocalizedLink to="/withdraws" className="btn btn-primary">
            {t('selfExcluded.withdraw')}
          </LocalizedLink>
          <LocalizedLink to="/profile" className="btn btn-ghost">
            {t('selfExcluded.profile')}
          </LocalizedLink>
        </div>

        <h2 className={styles.h2}>{t('selfExcluded.helpTitle')}</h2>
        <p>{t('selfExcluded.helpText')}</p>
        <ul className={styles.list}>
          {HELP.map((help) => (
            <li key={help.key}>
              <a href={help.href} target="_blank" rel="noopener noreferrer">
                {t(`selfExcluded.help.${help.key}`)}
                <span className="visually-hidden"> {t('common.externalLink')}</span>
              </a>
            </li>
          ))}
        </ul>
        <p className={styles.small}>
          <LocalizedLink to="/responsible-gaming-practices">{t('selfExcluded.responsible')}</LocalizedLink>
        </p>
      </div>
    </div>
  );
}
