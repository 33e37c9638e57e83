import { useLayoutEffect, useRef, useState, useTransition, type ReactNode } from 'react';
import { Navigate, Router, UNSAFE_createBrowserHistory as createBrowserHistory, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { DEFAULT_LANGUAGE, PREFIXED_LANGUAGES, unprefixedPath } from '@/i18n/languages';
import { NavigationPending } from './navigation-pending';
import { RootLayout } from './root-layout';
import { appRoutes } from './routes';

/**
 * The browser router, in React Router's declarative mode (a data router would add 18 KB of gzipped
 * JavaScript to every first load for loaders this app does not need). Every location change renders in
 * a transition, so the current screen stays on view until the next one (its chunk, its texts, its page)
 * is ready, and `useNavigationPending` tells the shell to show that wait.
 */
export function AppRouter({ children }: { children: ReactNode }) {
  const history = useRef<ReturnType<typeof createBrowserHistory>>(null);
  history.current ??= createBrowserHistory({ v5Compat: true });
  const [state, setState] = useState({ action: history.current.action, location: history.current.location });
  const [pending, startTransition] = useTransition();
  useLayoutEffect(() => history.current!.listen((update) => startTransition(() => setState(update))), []);
  return (
    <NavigationPending.Provider value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={history.current}>
        {children}
      </Router>
    </NavigationPending.Provider>
  );
}

/** English has no prefix: `/en/rules?x#y` is `/rules?x#y` (replacing the entry, so Back does not return to it). */
function EnglishPrefixRedirect() {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={`${unprefixedPath(pathname)}${search}${hash}`} replace />;
}

/** The screens, at `/` and once per language prefix, inside the shell. */
const routes: RouteObject[] = [
  { path: `/${DEFAULT_LANGUAGE}/*`, element: <EnglishPrefixRedirect /> },
  { path: `/${DEFAULT_LANGUAGE}`, element: <EnglishPrefixRedirect /> },
  {
    path: '/',
    element: <RootLayout />,
    children: [...appRoutes(), ...PREFIXED_LANGUAGES.map((lang) => ({ path: lang, children: appRoutes() }))],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
