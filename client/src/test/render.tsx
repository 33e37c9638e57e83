import type { ReactElement, ReactNode } from 'react';
import { render, screen, waitFor, within, type RenderOptions } from '@testing-library/react';
import { expect } from 'vitest';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router-dom';
import { makeStore, type AppStore } from '@/app/store';
import { i18n } from '@/i18n';
import { BrandProvider } from '@/lib/brand/brand-provider';
import { TEST_JWT } from './fixtures';

export interface ProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** The address the screen is shown at (default `/`). */
  route?: string;
  /** The route pattern the screen is mounted under, for screens that read `useParams` (default: every path). */
  path?: string;
  /**
   * What the app's store starts from: the session's token (default: a signed-in player; null: signed out).
   * The app builds its store only from the token (app/store.ts `makeStore`); server data comes from MSW.
   */
  preloadedState?: { session?: { jwt: string | null } };
}

/** Keeps the router's location where the test can read it. */
function LocationSpy({ seen }: { seen: { current: Location | null } }) {
  seen.current = useLocation();
  return null;
}

/**
 * Renders `ui` as the app would: the real Redux store (app/store.ts) with RTK Query talking to MSW, a memory
 * router at `route`, the brand (as the app's root has it) and the English texts. Answers the store, a user-event
 * instance to act with and the current address.
 */
export function renderWithProviders(ui: ReactElement, { route = '/', path = '*', preloadedState, ...options }: ProvidersOptions = {}) {
  const jwt = preloadedState?.session && 'jwt' in preloadedState.session ? preloadedState.session.jwt : TEST_JWT;
  const store: AppStore = makeStore(jwt);
  const seen: { current: Location | null } = { current: null };
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <BrandProvider>
          <MemoryRouter initialEntries={[route]}>
            <Routes>
              <Route path={path} element={children} />
            </Routes>
            <LocationSpy seen={seen} />
          </MemoryRouter>
        </BrandProvider>
      </I18nextProvider>
    </Provider>
  );
  // No pause between keystrokes: the screens under test wait on the API, not on typing speed.
  const user = userEvent.setup({ delay: null });
  /** The address the app is at now (after any navigation), e.g. `/game` or `/profile#limits`. */
  const location = () => `${seen.current?.pathname ?? ''}${seen.current?.search ?? ''}${seen.current?.hash ?? ''}`;
  return { store, user, location, ...render(ui, { wrapper: Wrapper, ...options }) };
}

/**
 * The body rows of the table named `name` once it shows `count` of them: a table is on screen before its rows
 * have arrived, so its rows are awaited, not read at once.
 */
export function tableRows(name: string | RegExp, count: number): Promise<HTMLElement[]> {
  return waitFor(() => {
    const rows = within(screen.getByRole('table', { name })).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(count);
    return rows;
  });
}
