import { useTranslation } from 'react-i18next';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { useDateTimeFormat } from '@/components/format/format';
import { describe, type Saved } from './limits-rules';
import styles from './limits.module.css';

/** What the last save did: the limits that apply now and those that wait for their 24 hours. */
export function LimitsSaved({ saved }: { saved: Saved }) {
  const { t } = useTranslation();
  const format = useSatsFormat();
  const formatDate = useDateTimeFormat();
  return (
    <div className={`alert alert-info ${styles.saved}`} role="status" data-testid="limits-saved">
      {saved.now.length === 0 && saved.later.length === 0 ? <p>{t('profile.limits.savedNothing')}</p> : null}
      {saved.now.length > 0 ? (
        <div data-testid="limits-saved-now">
          <strong>{t('profile.limits.savedNow')}</strong>
          <ul>
            {saved.now.map(({ kind, value }) => (
              <li key={kind}>{t('profile.limits.savedItem', { kind: t(`profile.limits.kinds.${kind}`), value: describe(t, kind, value, format.sats) })}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {saved.later.length > 0 ? (
        <div data-testid="limits-saved-later">
          <strong>{t('profile.limits.savedLater')}</strong>
          <ul>
            {saved.later.map(({ kind, value, effectiveAt }) => (
              <li key={kind}>
                {t('profile.limits.savedLaterItem', { kind: t(`profile.limits.kinds.${kind}`), value: describe(t, kind, value, format.sats), time: formatDate(effectiveAt) })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
