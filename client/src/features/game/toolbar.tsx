import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HANDS_PER_SHOE, LOW_BANK_WARNING } from '@bahati/contracts';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { LocalizedLink } from '@/components/localized-link';
import { CoachIcon } from './coach-panel';
import { type DealSpeed, nextSpeed } from '@/lib/deal-speed';
import { unlockSound } from './sound';
import styles from './game.module.css';

/** A switch of the table: pressed or not, its name always said (the label shows beside the icon on wide screens). */
function Switch({ on, onChange, label, help, icon, testId }: { on: boolean; onChange: (on: boolean) => void; label: string; help: string; icon: ReactNode; testId: string }) {
  return (
    <button
      type="button"
      className={`btn btn-ghost btn-sm ${styles.tool} ${on ? styles.toolOn : ''}`}
      onClick={() => onChange(!on)}
      aria-pressed={on}
      aria-label={label}
      title={help}
      data-testid={testId}
    >
      {icon}
      <span>{label}</span>
    </button>
  );
}

function SoundIcon({ on }: { on: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      {on ? (
        <path d="M15.5 9a4 4 0 010 6M18 6.5a7.5 7.5 0 010 11" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      ) : (
        <path d="M16 9.5l5 5M21 9.5l-5 5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      )}
    </svg>
  );
}

function SpeedIcon({ speed }: { speed: DealSpeed }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      {speed === 'instant' ? (
        <path d="M13 3L5 13.5h6L10 21l8-10.5h-6z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      ) : (
        <>
          <path d="M4 17a8 8 0 1116 0" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          <path d={speed === 'fast' ? 'M12 17l4.5-5' : 'M12 17l-1.5-6'} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </>
      )}
    </svg>
  );
}

/** The dealing speed, chosen at the table: each press moves on (normal, fast, instant) and is remembered. */
function SpeedButton({ speed, onSpeed }: { speed: DealSpeed; onSpeed: (speed: DealSpeed) => void }) {
  const { t } = useTranslation();
  const name = t(`game.speed.${speed}`);
  return (
    <button
      type="button"
      className={`btn btn-ghost btn-sm ${styles.tool} ${speed !== 'normal' ? styles.toolOn : ''}`}
      onClick={() => onSpeed(nextSpeed(speed))}
      aria-label={t('game.speed.label', { speed: name })}
      title={t('game.speed.help', { next: t(`game.speed.${nextSpeed(speed)}`) })}
      data-testid="speed-toggle"
      data-speed={speed}
    >
      <SpeedIcon speed={speed} />
      <span>{name}</span>
    </button>
  );
}

/** Above the table: the bank (with a top-up link when it runs low), the shoe's progress, seeds, rules, sound, the dealing speed and the coach. */
export function Toolbar({
  bank,
  handsDealt,
  onSeeds,
  onRules,
  sound,
  onSound,
  coach,
  onCoach,
  speed,
  onSpeed,
}: {
  bank: number | undefined;
  handsDealt: number;
  onSeeds: () => void;
  onRules: () => void;
  sound: boolean;
  onSound: (on: boolean) => void;
  coach: boolean;
  onCoach: (on: boolean) => void;
  speed: DealSpeed;
  onSpeed: (speed: DealSpeed) => void;
}) {
  const { t } = useTranslation();
  const format = useSatsFormat();
  const dollars = bank !== undefined ? format.dollars(bank) : null;
  const dealt = Math.min(handsDealt, HANDS_PER_SHOE);
  return (
    <>
      <div className={styles.left}>
        <div className={styles.balance} data-testid="table-balance">
          <span className={styles.balanceLabel}>{t('game.balance')}</span>
          <span className={styles.balanceSats}>{bank !== undefined ? t('game.sats', { amount: format.sats(bank) }) : '—'}</span>
          {dollars ? <span className={styles.balanceUsd}>≈ {dollars}</span> : null}
        </div>
        {bank !== undefined && bank > 0 && bank < LOW_BANK_WARNING ? (
          <LocalizedLink to="/deposit" className={styles.lowBank} data-testid="low-bank">
            {t('game.lowBank')}
          </LocalizedLink>
        ) : null}
      </div>
      <div className={styles.right}>
        <div className={styles.shoeMeter} title={t('game.shoeProgress', { n: dealt, total: HANDS_PER_SHOE })}>
          <span className="visually-hidden">{t('game.shoeProgress', { n: dealt, total: HANDS_PER_SHOE })}</span>
          <span className={styles.shoeMeterLabel} aria-hidden="true">
            {t('game.shoe')}
          </span>
          {Array.from({ length: HANDS_PER_SHOE }, (_, i) => (
            <span key={i} className={`${styles.pip} ${i < dealt ? styles.pipOn : ''}`} aria-hidden="true" />
          ))}
        </div>
        <div className={styles.tools}>
          <button type="button" className={`btn btn-ghost btn-sm ${styles.tool}`} onClick={onSeeds} aria-label={t('game.seeds.button')} data-testid="open-seeds">
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
              <path d="M9 12l2 2 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <span>{t('game.seeds.button')}</span>
          </button>
          <button type="button" className={`btn btn-ghost btn-sm ${styles.tool}`} onClick={onRules} aria-label={t('game.rules.button')} data-testid="open-rules">
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
              <path d="M12 11v6M12 7.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span>{t('game.rules.button')}</span>
          </button>
          <Switch
            on={sound}
            onChange={(on) => {
              if (on) unlockSound();
              onSound(on);
            }}
            label={t('game.sound.label')}
            help={sound ? t('game.sound.on') : t('game.sound.off')}
            icon={<SoundIcon on={sound} />}
            testId="sound-toggle"
          />
          <SpeedButton speed={speed} onSpeed={onSpeed} />
          <Switch on={coach} onChange={onCoach} label={t('game.coach.toggle')} help={t('game.coach.toggleHelp')} icon={<CoachIcon />} testId="coach-toggle" />
        </div>
      </div>
    </>
  );
}
