import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en, { type Catalog } from './locales/en';
import { DEFAULT_LANGUAGE, languageFromPath, type LanguageCode } from './languages';

/**
 * Catalogs other than English load on demand, so a player downloads only their language.
 * A language without a catalog here falls back to English.
 */
const catalogLoaders: Partial<Record<LanguageCode, () => Promise<{ default: Catalog }>>> = {
  sw: () => import('./locales/sw'),
};

/** Languages whose catalog is written right to left. */
const RTL_LANGUAGES: readonly LanguageCode[] = ['ar', 'ur'];

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

  await i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: false,
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
  });

  const hasCatalog = lang in resources;
  document.documentElement.lang = hasCatalog ? lang : DEFAULT_LANGUAGE;
  document.documentElement.dir = hasCatalog && RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr';
  return i18n;
}

export { i18n };
