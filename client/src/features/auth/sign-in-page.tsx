import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { BrandMark } from '@/components/brand-mark';
import { LocalizedLink } from '@/components/localized-link';
import { Spinner } from '@/components/spinner';
import { useCurrentPlayer } from '@/lib/current-player';
import { selectSessionEnded } from '@/lib/session';
import { useAppSelector } from '@/app/hooks';
import { useGetClientConfigQuery } from '@/lib/api';
import { DevSignInForm } from './dev-sign-in-form';
import { GoogleSignInButton } from './google-sign-in-button';
import styles from './auth.module.css';

function SignInControl() {
  const { t } = useTranslation();
  const { data: config, isLoading, isError, refetch } = useGetClientConfigQuery();
  if (isLoading) return <Spinner label={t('common.loading')} />;
  if (isError || !config) {
    return (
      <div className={styles.stack}>
        <p className="alert" role="alert">
          {t('auth.unavailable')}
        </p>
        <button type="button" className="btn btn-ghost" onClick={() => void refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (config.devIdentity) {
    return (
      <>
        <p className={styles.lead}>{t('auth.devIntro')}</p>
        <DevSignInForm />
      </>
    );
  }
  if (config.googleClientId) {
    return (
      <div className={styles.stack}>
        <p className={styles.lead}>{t('auth.intro')}</p>
        <GoogleSignInButton clientId={config.googleClientId} />
        <p className={styles.muted}>{t('auth.googleHint')}</p>
      </div>
    );
  }
  return (
    <p className="alert" role="alert">
      {t('auth.unavailable')}
    </p>
  );
}

/** Spec "Other pages": the session-expired notice, where a 401 lands (three lines). */
function SessionEnded() {
  const { t } = useTranslation();
  return (
    <ul className={`alert alert-info ${styles.sessionEnded}`} role="status" data-testid="session-ended">
      <li>
        <strong>{t('auth.sessionEnded.signInAgain')}</strong>
      </li>
      <li>{t('auth.sessionEnded.notRecorded')}</li>
      <li>{t('auth.sessionEnded.handResumes')}</li>
    </ul>
  );
}

export function SignInPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const { player, isSignedIn } = useCurrentPlayer();
  // The store keeps it: a redirect racing the expiry (a guard's) may replace the location's state.
  const sessionEnded = useAppSelector(selectSessionEnded) || (location.state as { sessionEnded?: boolean } | null)?.sessionEnded === true;

  useEffect(() => {
    document.title = `${t('auth.title')} · ${t('common.brand')}`;
  }, [t]);

  return (
    <div className={styles.page}>
      <section className={`panel ${styles.card}`} aria-labelledby="sign-in-title">
        <div className={styles.mark}>
          <BrandMark size={56} />
        </div>
        <h1 id="sign-in-title" className={styles.title}>
          {t('auth.title')}
        </h1>
        {sessionEnded && !isSignedIn ? <SessionEnded /> : null}
        {isSignedIn && player ? (
          <div className={styles.stack}>
            <p className={styles.lead}>{t('auth.signedInAs', { email: player.email })}</p>
            <LocalizedLink to="/game" className="btn btn-primary btn-lg">
              {t('auth.continue')}
            </LocalizedLink>
          </div>
        ) : (
          <SignInControl />
        )}
        <p className={styles.age}>
          {t('auth.ageNotice')} <LocalizedLink to="/bahati-terms-of-use">{t('shell.footer.terms')}</LocalizedLink>
        </p>
      </section>

      <aside className={styles.steps} aria-labelledby="sign-in-steps">
        <h2 id="sign-in-steps">{t('auth.steps.title')}</h2>
        <ol>
          <li>{t('auth.steps.signIn')}</li>
          <li>{t('auth.steps.verify')}</li>
          <li>{t('auth.steps.deposit')}</li>
        </ol>
      </aside>
    </div>
  );
}

export { SignInPage as Component };
