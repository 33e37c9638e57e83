import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '@/app/hooks';
import { DollarFigure, FixedPriceNote, SatsAmount, useSatsFormat } from '@/components/amount/sats-amount';
import { Avatar } from '@/components/avatar';
import { LevelLadder } from '@/components/level/level';
import { LocalizedLink } from '@/components/localized-link';
import { Page, PageHeader } from '@/components/page/page';
import { useEndSessionMutation, useGetPlayerQuery } from '@/lib/api';
import { signedOut } from '@/lib/session';
import { useLocalizePath } from '@/i18n/use-localized-path';
import { CoachSection } from './coach-section';
import { LiabilitiesSection } from './liabilities-section';
import { LIMITS_ANCHOR, LimitsSection } from './limits-section';
import { AnimationSetting, SelfExcludeSetting } from './player-settings';
import { RedeemCodeForm } from './redeem-code-form';
import { SignOutEverywhereDialog } from './self-exclusion-dialog';
import styles from './profile.module.css';

/** A signed amount: "+12,000 sats" / "−3,500 sats" (the net result). */
function NetAmount({ sats }: { sats: number }) {
  const { t } = useTranslation();
  const format = useSatsFormat();
  const sign = sats > 0 ? '+' : sats < 0 ? '−' : '';
  const dollars = format.dollars(Math.abs(sats));
  return (
    <span className={`${styles.net} ${sats > 0 ? styles.up : sats < 0 ? styles.down : ''}`}>
      <span className={styles.netSats}>{t('amount.sats', { amount: format.signed(sats) })}</span>
      {dollars ? <DollarFigure dollars={dollars} fixed={format.fixed} className={styles.netUsd} sign={sign} /> : null}
    </span>
  );
}

/**
 * Spec "Profile screen": e-mail, the player's totals and level, player safety, the table setting, sign-out, redeem
 * codes, the player's own limits, and their proof that their balance is in the newest liabilities commitment.
 */
export function Component() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const format = useSatsFormat();
  // The totals move with every hand: read them fresh on arrival.
  const { data: player } = useGetPlayerQuery(undefined, { refetchOnMountOrArgChange: true });

  useEffect(() => {
    document.title = `${t('profile.title')} · ${t('common.brand')}`;
  }, [t]);

  const [endSession, { isLoading: signingOut }] = useEndSessionMutation();
  const [confirmingEverywhere, setConfirmingEverywhere] = useState(false);
  // The server ends the session (or all of them) first; offline or already ended, the player is signed out here all the same.
  const signOut = async (everywhere: boolean) => {
    await endSession({ everywhere });
    navigate(localize('/'));
    dispatch(signedOut());
  };

  if (!player) return null;

  return (
    <Page>
      <PageHeader
        title={t('profile.title')}
        lead={t('profile.lead')}
        aside={
          <span className={styles.signOut}>
            <button type="button" className="btn btn-ghost" onClick={() => void signOut(false)} disabled={signingOut} data-testid="profile-sign-out">
              {t('profile.signOut')}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setConfirmingEverywhere(true)} disabled={signingOut} data-testid="profile-sign-out-everywhere">
              {t('profile.signOutEverywhere')}
            </button>
          </span>
        }
      />

      <section className={`panel ${styles.identity}`} aria-label={t('profile.email')}>
        <Avatar photoUrl={player.photoUrl} name={player.name} email={player.email} size={56} />
        <div className={styles.who}>
          {player.name ? <span className={styles.name}>{player.name}</span> : null}
          <span className={styles.emailRow}>
            <span className={styles.label}>{t('profile.email')}</span>
            <span className={styles.email} data-testid="profile-email">
              {player.email}
            </span>
          </span>
        </div>
      </section>

      <div className={styles.grid}>
        <div className={styles.column}>
          <section className={`panel ${styles.card}`} aria-labelledby="profile-stats">
            <h2 id="profile-stats" className={styles.h2}>
              {t('profile.stats.title')}
            </h2>
            <dl className={styles.stats} data-testid="profile-stats">
              <div>
                <dt>{t('profile.stats.handsPlayed')}</dt>
                <dd className={styles.count} data-testid="stat-hands">
                  {format.sats(player.handsPlayed)}
                </dd>
              </div>
              <div>
                <dt>{t('profile.stats.totalBet')}</dt>
                <dd data-testid="stat-total-bet">
                  <SatsAmount sats={player.totalBetAmount} stacked />
                </dd>
              </div>
              <div>
                <dt>{t('profile.stats.totalWon')}</dt>
                <dd data-testid="stat-total-won">
                  <SatsAmount sats={player.totalWonAmount} stacked />
                </dd>
              </div>
              <div>
                <dt>{t('profile.stats.net')}</dt>
                <dd data-testid="stat-net">
                  <NetAmount sats={player.netAmount} />
                </dd>
              </div>
            </dl>
            <p className={styles.note}>{t('profile.stats.note')}</p>
            <FixedPriceNote />
          </section>

          <section className={`panel ${styles.card}`} aria-labelledby="profile-level">
            <h2 id="profile-level" className={styles.h2}>
              {t('profile.level.title')}
            </h2>
            <p className={styles.intro}>{t('profile.level.intro')}</p>
            <LevelLadder level={player.level} />
            <p className={styles.note}>{t('profile.level.note')}</p>
          </section>

          <CoachSection />
        </div>

        <div className={styles.column}>
          <section className={`panel ${styles.card}`} aria-labelledby="profile-redeem">
            <h2 id="profile-redeem" className={styles.h2}>
              {t('profile.redeem.title')}
            </h2>
            <p className={styles.intro}>{t('profile.redeem.intro')}</p>
            <RedeemCodeForm />
          </section>

          <section className={`panel ${styles.card}`} aria-labelledby="profile-safety">
            <h2 id="profile-safety" className={styles.h2}>
              {t('profile.safety.title')}
            </h2>
            <SelfExcludeSetting player={player} />
            <p className={styles.small}>
              <LocalizedLink to={`/profile#${LIMITS_ANCHOR}`}>{t('profile.safety.limitsLink')}</LocalizedLink>
            </p>
            <p className={styles.small}>
              <LocalizedLink to="/responsible-gaming-practices">{t('profile.safety.responsible')}</LocalizedLink>
            </p>
          </section>

          <section className={`panel ${styles.card}`} aria-labelledby="profile-display">
            <h2 id="profile-display" className={styles.h2}>
              {t('profile.display.title')}
            </h2>
            <AnimationSetting player={player} />
          </section>

          <LiabilitiesSection />
        </div>
      </div>

      <LimitsSection />
      <SignOutEverywhereDialog open={confirmingEverywhere} busy={signingOut} onClose={() => setConfirmingEverywhere(false)} onConfirm={() => void signOut(true)} />
    </Page>
  );
}
