import { Navigate, type RouteObject } from 'react-router-dom';
import { useLocalizePath } from '@/i18n/use-localized-path';

/** `/index.html` and `/{lang}/index.html` (where a language change lands) are the home page. */
function HomeRedirect() {
  const localize = useLocalizePath();
  return <Navigate to={localize('/')} replace />;
}

/**
 * The app's screens, relative to the language prefix (the router mounts them at `/` and at
 * every `/{lang}`). Each screen is a lazy route: its module exports `Component`.
 *
 * A later feature adds its route here, with its screen, e.g.
 *   { element: <RequireAuth />, children: [
 *       { path: 'game', lazy: () => import('@/features/game/game-page') },
 *   ] },
 * Keep the catch-all last.
 */
export function appRoutes(): RouteObject[] {
  return [
    { index: true, lazy: () => import('@/features/content/welcome-page') },
    { path: 'index.html', element: <HomeRedirect /> },
    { path: 'authentication', lazy: () => import('@/features/auth/sign-in-page') },
    { path: '*', lazy: () => import('@/features/content/not-found-page') },
  ];
}
