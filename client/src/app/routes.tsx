import { Navigate, type RouteObject } from 'react-router-dom';
import { CONTENT_PAGE_PATHS } from '@/content/paths';
import { useLocalizePath } from '@/i18n/use-localized-path';
import { RefuseSelfExcluded, RequireAdmin, RequireAuth, RequireStaff } from './guards';
import { lazyScreen } from './lazy-screen';

/** `/index.html` and `/{lang}/index.html` (where a language change lands) are the home page. */
function HomeRedirect() {
  const localize = useLocalizePath();
  return <Navigate to={localize('/')} replace />;
}

/** The spec's admin path `/players` is the players table under /admin. */
function PlayersRedirect() {
  const localize = useLocalizePath();
  return <Navigate to={localize('/admin/players')} replace />;
}

/**
 * The app's screens, relative to the language prefix (the router mounts them at `/` and at
 * every `/{lang}`). Each screen is loaded on its first visit: its module exports `Component`.
 *
 * A later feature adds its route here, with its screen, e.g.
 *   { element: <RequireAuth />, children: [
 *       { path: 'game', element: lazyScreen(() => import('@/features/game/game-page')) },
 *   ] },
 * Keep the catch-all last.
 */
export function appRoutes(): RouteObject[] {
  return [
    { index: true, element: lazyScreen(() => import('@/features/content/welcome-page'), { texts: false }) },
    { path: 'index.html', element: <HomeRedirect /> },
    { path: 'authentication', element: lazyScreen(() => import('@/features/auth/sign-in-page')) },
    // Money in and out (deposit, withdraw, phone verification) and their information pages.
    {
      element: <RequireAuth />,
      children: [
        { path: 'deposit', element: <RefuseSelfExcluded>{lazyScreen(() => import('@/features/deposit/deposit-page'))}</RefuseSelfExcluded> },
        { path: 'withdraws', element: lazyScreen(() => import('@/features/withdraw/withdraw-page')) },
        { path: 'phone-verify', element: lazyScreen(() => import('@/features/phone/phone-verify-page')) },
      ],
    },
    {
      element: <RequireAdmin />,
      children: [
        { path: 'withdraw-requests', element: lazyScreen(() => import('@/features/admin-withdrawals/admin-withdrawals-page')) },
        { path: 'admin/redeem-codes', element: lazyScreen(() => import('@/features/admin-redeem-codes/admin-redeem-codes-page')) },
        { path: 'admin/held-deposits', element: lazyScreen(() => import('@/features/admin-held-deposits/admin-held-deposits-page')) },
        { path: 'admin/branding', element: lazyScreen(() => import('@/features/admin-branding/admin-branding-page')) },
        { path: 'admin/analytics', element: lazyScreen(() => import('@/features/admin-analytics/admin-analytics-page')) },
        { path: 'admin/audit-log', element: lazyScreen(() => import('@/features/admin-audit/admin-audit-page')) },
        { path: 'admin/reconciliation', element: lazyScreen(() => import('@/features/admin-reconciliation/admin-reconciliation-page')) },
        { path: 'admin/reserves', element: lazyScreen(() => import('@/features/admin-reserves/admin-reserves-page')) },
      ],
    },
    // What support may open as well (each screen shows only what the role may do): players, hand audits, a ledger day.
    {
      element: <RequireStaff />,
      children: [
        { path: 'admin', element: lazyScreen(() => import('@/features/admin/admin-page')) },
        { path: 'admin/players', element: lazyScreen(() => import('@/features/admin-players/admin-players-page')) },
        { path: 'admin/players/:playerId', element: lazyScreen(() => import('@/features/admin-players/player-details-page')) },
        { path: 'admin/hands/:handId', element: lazyScreen(() => import('@/features/admin-hands/hand-audit-page')) },
        { path: 'admin/support', element: lazyScreen(() => import('@/features/admin-support/admin-support-page')) },
      ],
    },
    { path: 'players', element: <PlayersRedirect /> },
    // The player's bonuses and profile (settings, self-exclusion, redeem codes).
    {
      element: <RequireAuth />,
      children: [
        { path: 'bonuses', element: lazyScreen(() => import('@/features/bonuses/bonuses-page')) },
        { path: 'profile', element: lazyScreen(() => import('@/features/profile/profile-page')) },
      ],
    },
    // The table, the ledger, the shoe verification tool (public: anyone can check seeds) and the proof of liabilities (public).
    {
      element: <RequireAuth />,
      children: [
        { path: 'game', element: <RefuseSelfExcluded handInPlay>{lazyScreen(() => import('@/features/game/game-page'))}</RefuseSelfExcluded> },
        { path: 'ledger', element: lazyScreen(() => import('@/features/ledger/ledger-page')) },
      ],
    },
    { path: 'provable', element: lazyScreen(() => import('@/features/provable/provable-page')) },
    { path: 'proof-of-liabilities', element: lazyScreen(() => import('@/features/liabilities/liabilities-page')) },
    { path: 'geolocation-blocked', element: lazyScreen(() => import('@/features/content/geolocation-blocked-page')) },
    // Where sign-in and refused deals send a self-excluded or a banned player (public: nothing to load).
    { path: 'self-excluded', element: lazyScreen(() => import('@/features/content/self-excluded-page')) },
    { path: 'suspect', element: lazyScreen(() => import('@/features/content/suspect-page')) },
    { path: 'bitcoin-setup-information', element: lazyScreen(() => import('@/features/content/bitcoin-setup-page')) },
    // The information pages: Markdown per language under client/src/content/pages/<path>/ (rules, blog, terms, …).
    ...CONTENT_PAGE_PATHS.map((path) => ({ path, element: lazyScreen(() => import('@/features/content/content-page')) })),
    { path: 'session-expired', element: lazyScreen(() => import('@/features/content/session-expired-page')) },
    { path: '*', element: lazyScreen(() => import('@/features/content/not-found-page')) },
  ];
}
