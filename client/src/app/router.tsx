import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { PREFIXED_LANGUAGES } from '@/i18n/languages';
import { BootLoader, RootErrorPage, RouteErrorPage, RootLayout } from './root-layout';
import { appRoutes } from './routes';

/** The screens, once per language prefix; route errors render inside the shell. */
function screens(): RouteObject[] {
  return [{ errorElement: <RouteErrorPage />, children: appRoutes() }];
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RootErrorPage />,
    hydrateFallbackElement: <BootLoader />,
    children: [...screens(), ...PREFIXED_LANGUAGES.map((lang) => ({ path: lang, children: screens() }))],
  },
];

export const router = createBrowserRouter(routes);
