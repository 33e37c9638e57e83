import type { Player } from '@bahati/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTimeFormat } from '@/components/format/format';
import { LocalizedLink } from '@/components/localized-link';
import { usePrefersReducedMotion } from '@/lib/motion';
import { forgetDealSpeed } from '@/lib/deal-speed';
import { useSetAnimateMutation, useSetSelfExcludeMutation } from './profile-api';
import { SelfExclusionDialog } from './self-exclusion-dialog';
import styles from './profile.module.css';

/**
 * Spec §4's self-exclude checkbox, made to hold: ticking it asks for confirmation first (what it blocks, that
 * withdrawals stay open), then it starts at once. Unticking asks the server to lift it, which takes effect only
 * after the cooling-off: the box stays ticked, the time it lifts is shown, and the request can be withdrawn.
 */
export function SelfExcludeSetting({ player }: { player: Player }) {
  const { t } = useTranslation();
  const id = useId();
  const formatDate = useDateTimeFormat();
  const [save, { isLoading }] = useSetSelfExcludeMutation();
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState<'on' | 'lift' | 'kept' | 'off' | null>(null);
  const [failed, setFailed] = useState(false);
  const liftsAt = player.selfExclusionLiftsAt;

  async function send(value: boolean) {
    setFailed(false);
    setSaved(null);
    try {
      const answer = await save(value).unwrap();
      setSaved(!answer.selfExclude ? 'off' : answer.selfExclusionLiftsAt ? 'lift' : value && liftsAt ? 'kept' : 'on');
      return true;
    } catch {
      setFailed(true);
      return false;
    }
  }

  return (
    <div className={styles.setting}>
      <div className={styles.check}>
        <input
          id={`${id}-self-exclude`}
          type="checkbox"
          checked={player.selfExclude || confirming}
          disabled={isLoading || liftsAt !== null}
          onChange={(event) => (event.target.checked ? setConfirming(true) : void send(false))}
          aria-describedby={`${id}-self-exclude-help`}
          data-testid="self-exclude"
        />
        <label htmlFor={`${id}-self-exclude`}>{t('profile.safety.selfExclude')}</label>
        {isLoading ? <span className={styles.saving}>{t('profile.safety.saving')}</span> : null}
      </div>
      <p id={`${id}-self-exclude-help`} className={styles.help}>
        {t('profile.safety.selfExcludeHelp')}
      </p>
      {liftsAt ? (
        <div className={`alert alert-info ${styles.confirmOn} ${styles.lift}`} role="status" data-testid="self-exclude-lift">
          <p>{t('profile.safety.liftsAt', { time: formatDate(liftsAt) })}</p>
          <button type="button" className="btn btn-ghost" onClick={() => void send(true)} disabled={isLoading} data-testid="self-exclude-cancel-lift">
            {t('profile.safety.cancelLift')}
          </button>
        </div>
      ) : null}
      {saved !== null && saved !== 'lift' ? (
        <p className={saved === 'off' ? `alert alert-info ${styles.ok}` : `alert alert-info ${styles.confirmOn}`} role="status" data-testid="self-exclude-confirmation">
          {t(`profile.safety.${saved}`)}
          {saved === 'on' ? (
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
      <SelfExclusionDialog
        open={confirming}
        busy={isLoading}
        onClose={() => setConfirming(false)}
        onConfirm={() => void send(true).then((ok) => ok && setConfirming(false))}
      />
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
            // The profile decides again on this device until a speed is picked at the table.
            forgetDealSpeed();
            save(event.target.checked)
              .unwrap()
              .catch(() => setFailed(true));
          }}
        />
      </div>
      <p id={`${id}-animate-help`} className={styles.help}>
        {t('profile.display.animateHelp')}
        {` ${t('profile.display.speedAtTable')}`}
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
