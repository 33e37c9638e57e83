/**
 * The catalog texts a first load of `/` needs: what the shell (skip link, route progress, header with its
 * menus, balance and sign-in control, footer, error panel, loaders) and the welcome page show. At build
 * time every language's catalog is cut into this `first` part, which comes with the entry, and the `rest`,
 * which `loadScreenTexts()` fetches for any other screen (vite-catalog-parts.ts, i18n/index.ts).
 *
 * Dotted paths: a whole section, or one part of it when the rest of the section is a screen's (`auth`
 * belongs to the sign-in page, `errors` also holds every server error code for the screens). A text the
 * shell shows and this list misses still appears, a moment late: asking for it fetches the rest.
 */
export const FIRST_LOAD_KEYS: readonly string[] = [
  'common',
  'shell',
  // The header's Google button when sign-in fails (its other texts are the sign-in page's).
  'auth.failed',
  // The error panel; the server error codes (`errors.<Code>`) are shown by screens only.
  'errors.title',
  'errors.text',
  'errors.reload',
  // The header's staff menu.
  'staff.menu',
  'adminReconciliation.menu',
  'adminReserves.menu',
  'content.welcome',
];
