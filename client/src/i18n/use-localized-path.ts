import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguageCode, localizePath, type LanguageCode } from './languages';
import { formatsFor, intlLocale, type Formats } from './intl';

/** The language of the current URL prefix (the catalog may still fall back to English). */
export function useLanguage(): LanguageCode {
  const { i18n } = useTranslation();
  return isLanguageCode(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** `localize('/game')` → `/sw/game` under the Swahili prefix, `/game` in English. */
export function useLocalizePath(): (path: string) => string {
  const lang = useLanguage();
  return useCallback((path: string) => localizePath(path, lang), [lang]);
}

/** The Intl locale of the catalog in use (number and date formats follow the words on screen; see ./intl). */
export function useFormatLocale(): string {
  const { i18n } = useTranslation();
  return intlLocale(i18n.resolvedLanguage ?? DEFAULT_LANGUAGE);
}

/** Amounts, dollar figures and dates in the language on screen. */
export function useFormats(): Formats {
  const { i18n } = useTranslation();
  return formatsFor(i18n.resolvedLanguage ?? DEFAULT_LANGUAGE);
}
