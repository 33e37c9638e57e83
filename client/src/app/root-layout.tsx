import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { ErrorBoundary } from '@/components/error-boundary';
import { ErrorPanel } from '@/components/error-panel';
import { PageLoader } from '@/components/spinner';
import { PhoneChallengeHost } from '@/components/phone-verify/phone-challenge';
import { HeaderSignIn } from '@/features/auth/header-sign-in';
import { Footer } from '@/features/shell/footer';
import { Header } from '@/features/shell/header';
import { LanguageOffer } from '@/features/shell/language-offer';
import { apiErrorCode, useGetPlayerQuery } from '@/lib/api';
import { usePlayerEvents } from '@/lib/player-events';
import { expiryHandled, selectJwt, selectSessionExpired, selectSuspended, sessionExpired, watchTokenInOtherTabs } from '@/lib/session';
import { useLocalizePath } from '@/i18n/use-localized-path';
import { useAppDispatch, useAppSelector } from './hooks';
import { useNavigationPending } from './navigation-pending';
import { useScrollRestoration } from './scroll-restoration';

/** After a 401 the session is gone: send the player to sign in again (after a ban, to the suspension page). */
function useSessionExpiryRedirect() {
  const expired = useAppSelector(selectSessionExpired);
  const suspended = useAppSelector(selectSuspended);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  useEffect(() => {
    if (!expired) return;
    dispatch(expiryHandled());
    if (suspended) navigate(localize('/suspect'));
    else navigate(localize('/authentication'), { state: { sessionEnded: true } });
  }, [dispatch, expired, suspended, localize, navigate]);
}

/**
 * A session ended anywhere reaches every open screen of it within a second: the live push stays open on every
 * signed-in screen (the table included) and says when the server ended it (a sign-out everywhere from another
 * device, a ban); another tab of this browser that forgets the shared token is heard at once as well.
 */
function useSessionEndsElsewhere() {
  const jwt = useAppSelector(selectJwt);
  const dispatch = useAppDispatch();
  usePlayerEvents();
  useEffect(() => watchTokenInOtherTabs(() => jwt, () => dispatch(sessionExpired())), [dispatch, jwt]);
  // Where an ended session lands (sign-in with its notice, or the suspension page) is loaded while the screen is
  // idle, so the screen shows it at once when the push comes rather than fetching it then.
  useEffect(() => {
    if (!jwt) return;
    const load = () => {
      void import('@/features/auth/sign-in-page');
      void import('@/features/content/suspect-page');
    };
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(load, { timeout: 5_000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(load, 2_000);
    return () => window.clearTimeout(timer);
  }, [jwt]);
}

/** Loads the player whenever there is a jwt; a token for a player the server no longer knows ends the session. */
function usePlayerSession() {
  const jwt = useAppSelector(selectJwt);
  const dispatch = useAppDispatch();
  const { error } = useGetPlayerQuery(undefined, { skip: !jwt });
  useEffect(() => {
    if (jwt && apiErrorCode(error) === 'InvalidPlayer') dispatch(sessionExpired());
  }, [dispatch, error, jwt]);
}

function RouteProgress() {
  const pending = useNavigationPending();
  const { t } = useTranslation();
  if (!pending) return null;
  return <div className="route-progress" role="progressbar" aria-label={t('common.loading')} />;
}

export function RootLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  usePlayerSession();
  useSessionExpiryRedirect();
  useSessionEndsElsewhere();
  useScrollRestoration();

  return (
    <>
      <a href="#main" className="skip-link">
        {t('common.skipToContent')}
      </a>
      <RouteProgress />
      <Header signInControl={<HeaderSignIn />} />
      <LanguageOffer />
      <main id="main" className="main" tabIndex={-1}>
        <ErrorBoundary resetKey={location.pathname} fallback={({ error, reset }) => <ErrorPanel error={error} onRetry={reset} />}>
          <Suspense fallback={<BootLoader />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      <PhoneChallengeHost />
    </>
  );
}

/** While the first screen of a visit (its chunk, its texts) loads. */
export function BootLoader() {
  const { t } = useTranslation();
  return <PageLoader label={t('common.loading')} />;
}
