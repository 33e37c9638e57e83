import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en, { type Catalog } from './locales/en';
import { DEFAULT_LANGUAGE, languageFromPath, type LanguageCode } from './languages';
import { isolate, isRtlLanguage } from './intl';

/**
 * Catalogs other than English load on demand, so a player downloads only their language.
 * A language without a catalog here falls back to English.
 */
const catalogModules = import.meta.glob<{ default: Catalog }>(['./locales/*.ts', '!./locales/en.ts']);
const catalogLoaders: Partial<Record<LanguageCode, () => Promise<{ default: Catalog }>>> = Object.fromEntries(
  Object.entries(catalogModules).map(([path, load]) => [path.slice('./locales/'.length, -'.ts'.length), load]),
);

export async function initI18n(pathname: string = window.location.pathname): Promise<typeof i18n> {
  const lang = languageFromPath(pathname);
  const resources: Record<string, { translation: Catalog }> = { en: { translation: en } };
  const load = catalogLoaders[lang];
  if (load) {
    try {
      resources[lang] = { translation: (await load()).default };
    } catch {
      // Falls back to English if the catalog chunk cannot be fetched.
    }
  }

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
    // Texts added after start (the brand's site name as `common.brand`) reach the screens at once.
    react: { bindI18nStore: 'added' },
  });

  const hasCatalog = lang in resources;
  document.documentElement.lang = hasCatalog ? lang : DEFAULT_LANGUAGE;
  document.documentElement.dir = rtl ? 'rtl' : 'ltr';
  return i18n;
}

export { i18n };
