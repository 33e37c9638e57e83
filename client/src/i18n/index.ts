import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import englishFirst from 'virtual:catalog/en/first';
import { DEFAULT_LANGUAGE, languageFromPath, type LanguageCode } from './languages';
import { isolate, isRtlLanguage } from './intl';

type PartLoader = () => Promise<{ default: typeof englishFirst }>;

/**
 * Each language's catalog in two parts, cut at build time (vite-catalog-parts.ts): `first`, the texts of
 * the shell and the welcome page (./parts.ts), and `rest`, every other screen's. Both load on demand, so a
 * player downloads only their language and `/` only the first part; English's first part is in the entry.
 * The specifiers are literal so the bundler makes a chunk of each part.
 */
const PARTS: Record<LanguageCode, { first?: PartLoader; rest: PartLoader }> = {
  en: { rest: () => import('virtual:catalog/en/rest') },
  es: { first: () => import('virtual:catalog/es/first'), rest: () => import('virtual:catalog/es/rest') },
  de: { first: () => import('virtual:catalog/de/first'), rest: () => import('virtual:catalog/de/rest') },
  fr: { first: () => import('virtual:catalog/fr/first'), rest: () => import('virtual:catalog/fr/rest') },
  ru: { first: () => import('virtual:catalog/ru/first'), rest: () => import('virtual:catalog/ru/rest') },
  ja: { first: () => import('virtual:catalog/ja/first'), rest: () => import('virtual:catalog/ja/rest') },
  zh: { first: () => import('virtual:catalog/zh/first'), rest: () => import('virtual:catalog/zh/rest') },
  ko: { first: () => import('virtual:catalog/ko/first'), rest: () => import('virtual:catalog/ko/rest') },
  hi: { first: () => import('virtual:catalog/hi/first'), rest: () => import('virtual:catalog/hi/rest') },
  bn: { first: () => import('virtual:catalog/bn/first'), rest: () => import('virtual:catalog/bn/rest') },
  pt: { first: () => import('virtual:catalog/pt/first'), rest: () => import('virtual:catalog/pt/rest') },
  ur: { first: () => import('virtual:catalog/ur/first'), rest: () => import('virtual:catalog/ur/rest') },
  id: { first: () => import('virtual:catalog/id/first'), rest: () => import('virtual:catalog/id/rest') },
  sw: { first: () => import('virtual:catalog/sw/first'), rest: () => import('virtual:catalog/sw/rest') },
  ar: { first: () => import('virtual:catalog/ar/first'), rest: () => import('virtual:catalog/ar/rest') },
};

/** The language of the catalog on screen: the page's, or English when its first part could not be fetched. */
let shownLanguage: LanguageCode = DEFAULT_LANGUAGE;
/** The rest of that catalog, asked for once; forgotten if the fetch fails, so a later call tries again. */
let screenTexts: Promise<void> | undefined;

/**
 * Loads the texts of every screen but the shell and the welcome page (the `rest` of the catalog on
 * screen). Await it before a screen renders; calls share one fetch, and later ones resolve at once.
 * Rejects when the chunk cannot be fetched, for the screen's error boundary to show.
 */
export function loadScreenTexts(): Promise<void> {
  screenTexts ??= PARTS[shownLanguage].rest().then(
    ({ default: rest }) => {
      i18n.addResourceBundle(shownLanguage, 'translation', rest, true, true);
    },
    (error: unknown) => {
      screenTexts = undefined;
      throw error;
    },
  );
  return screenTexts;
}

/**
 * The safety net for a text of the rest asked for before any screen loaded it (a dialog of the shell, a
 * text ./parts.ts misses): fetch the rest, and the text replaces its key as soon as it lands (the store's
 * `added` event re-renders). Quiet: a failed fetch is retried by the next missing text or screen.
 */
function loadScreenTextsOnMissingKey() {
  loadScreenTexts().catch(() => undefined);
}

export async function initI18n(pathname: string = window.location.pathname): Promise<typeof i18n> {
  const lang = languageFromPath(pathname);
  const resources: Resource = { en: { translation: englishFirst } };
  const loadFirst = PARTS[lang].first;
  if (loadFirst) {
    try {
      resources[lang] = { translation: (await loadFirst()).default };
    } catch {
      // Falls back to English if the catalog chunk cannot be fetched.
    }
  }
  shownLanguage = lang in resources ? lang : DEFAULT_LANGUAGE;

  const rtl = lang in resources && isRtlLanguage(lang);
  await i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: false,
    resources,
    // React escapes what it renders. In a right-to-left catalog every value put into a sentence (an
    // amount, a name, an e-mail address, a code) is isolated, so its own direction cannot reorder the words around it.
    interpolation: rtl ? { escapeValue: true, escape: isolate } : { escapeValue: false },
    returnNull: false,
    // Texts added after start (the screens' texts, the brand's site name as `common.brand`) reach the screens at once.
    react: { bindI18nStore: 'added' },
    saveMissing: true,
    missingKeyHandler: loadScreenTextsOnMissingKey,
  });

  document.documentElement.lang = shownLanguage;
  document.documentElement.dir = rtl ? 'rtl' : 'ltr';
  return i18n;
}

export { i18n };
