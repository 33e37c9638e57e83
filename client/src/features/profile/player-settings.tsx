import type { Player } from '@bahati/contracts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link';
import { usePrefersReducedMotion } from '@/lib/motion';
import { useSetAnimateMutation, useSetSelfExcludeMutation } from './profile-api';
import styles from './profile.module.css';

/**
 * Spec §4: the self-exclude checkbox saves as soon as it changes. What the new setting means is said
 * right under it once the server has stored it.
 */
export function SelfExcludeSetting({ player }: { player: Player }) {
  const { t } = useTranslation();
  const id = useId();
  const [save, { isLoading }] = useSetSelfExcludeMutation();
  /**
   * The box shows the player's choice from the click on: while it is saved, and until the cached player
   * carries the stored value. It goes back only if saving fails.
   */
  const [chosen, setChosen] = useState<boolean | null>(null);
  const [saved, setSaved] = useState<boolean | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (chosen !== null && !isLoading && player.selfExclude === chosen) setChosen(null);
  }, [chosen, isLoading, player.selfExclude]);

  async function onChange(value: boolean) {
    setFailed(false);
    setSaved(null);
    setChosen(value);
    try {
      const answer = await save(value).unwrap();
      setSaved(answer.selfExclude);
      if (answer.selfExclude !== value) setChosen(null);
    } catch {
      setFailed(true);
      setChosen(null);
    }
  }

  return (
    <div className={styles.setting}>
      <div className={styles.check}>
        <input
          id={`${id}-self-exclude`}
          type="checkbox"
          checked={chosen ?? player.selfExclude}
          disabled={isLoading}
          onChange={(event) => void onChange(event.target.checked)}
          aria-describedby={`${id}-self-exclude-help`}
          data-testid="self-exclude"
        />
        <label htmlFor={`${id}-self-exclude`}>{t('profile.safety.selfExclude')}</label>
        {isLoading ? <span className={styles.saving}>{t('profile.safety.saving')}</span> : null}
      </div>
      <p id={`${id}-self-exclude-help`} className={styles.help}>
        {t('profile.safety.selfExcludeHelp')}
      </p>
      {saved !== null ? (
        <p className={saved ? `alert alert-info ${styles.confirmOn}` : `alert alert-info ${styles.ok}`} role="status" data-testid="self-exclude-confirmation">
          {saved ? t('profile.safety.on') : t('profile.safety.off')}
          {saved ? (
            <>
              {' '}
              <LocalizedLink to="/self-excluded">{t('profile.safety.whatItMeans')}</LocalizedLink>
            </>
          ) : null}
        </p>
      ) : null}
      {failed ? (
        <p className="alert" role="alert">
          {t('profile.safety.failed')}
        </p>
      ) : null}
    </div>
  );
}

/** The table's deal animations, on or off (stored with the player, so every device follows it). */
export function AnimationSetting({ player }: { player: Player }) {
  const { t } = useTranslation();
  const id = useId();
  const reduced = usePrefersReducedMotion();
  const [save, { isLoading }] = useSetAnimateMutation();
  const [failed, setFailed] = useState(false);

  return (
    <div className={styles.setting}>
      <div className={styles.switchRow}>
        <label htmlFor={`${id}-animate`} className={styles.switchLabel}>
          {t('profile.display.animate')}
        </label>
        <input
          id={`${id}-animate`}
          type="checkbox"
          role="switch"
          className={styles.switch}
          checked={player.animate}
          disabled={isLoading}
          aria-describedby={`${id}-animate-help`}
          data-testid="animate-switch"
          onChange={(event) => {
            setFailed(false);
            save(event.target.checked)
              .unwrap()
              .catch(() => setFailed(true));
          }}
        />
      </div>
      <p id={`${id}-animate-help`} className={styles.help}>
        {t('profile.display.animateHelp')}
        {reduced ? ` ${t('profile.display.reducedMotion')}` : ''}
      </p>
      {failed ? (
        <p className="alert" role="alert">
          {t('profile.display.failed')}
        </p>
      ) : null}
    </div>
  );
}
