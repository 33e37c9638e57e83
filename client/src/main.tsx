import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { store } from '@/app/store';
import { AppRouter, AppRoutes } from '@/app/router';
import { ErrorBoundary } from '@/components/error-boundary';
import { ErrorPanel } from '@/components/error-panel';
import { initI18n } from '@/i18n';
import { returnPathAfterSwitch } from '@/i18n/languages';
import { BrandProvider } from '@/lib/brand/brand-provider';
import './styles/global.css';

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  // A language change reloaded to `/{lang}/index.html?next=/ledger`: go on to that page in the new language.
  const returnTo = returnPathAfterSwitch(window.location);
  if (returnTo) window.history.replaceState(window.history.state, '', returnTo);
  try {
    await initI18n();
  } catch (error) {
    console.error('Translations failed to initialise', error);
  }
  createRoot(container).render(
    <StrictMode>
      <Provider store={store}>
        <ErrorBoundary fallback={({ error }) => <ErrorPanel error={error} />}>
          <BrandProvider>
            <AppRouter>
              <AppRoutes />
            </AppRouter>
          </BrandProvider>
        </ErrorBoundary>
      </Provider>
    </StrictMode>,
  );
}

void start();
