/** The languages of the footer selector. English has no path prefix; every other one is `/{lang}/...`. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'de', name: 'Deutsch' },
  { code: 'fr', name: 'Français' },
  { code: 'ru', name: 'Русский' },
  { code: 'ja', name: '日本語' },
  { code: 'zh', name: '中文' },
  { code: 'ko', name: '한국어' },
  { code: 'hi', name: 'हिन्दी' },
  { code: 'bn', name: 'বাংলা' },
  { code: 'pt', name: 'Português' },
  { code: 'ur', name: 'اردو' },
  { code: 'id', name: 'Bahasa Indonesia' },
  { code: 'sw', name: 'Kiswahili' },
  { code: 'ar', name: 'العربية' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

/** Languages that appear as the first path segment. */
export const PREFIXED_LANGUAGES: readonly LanguageCode[] = LANGUAGES.map((l) => l.code).filter((c) => c !== DEFAULT_LANGUAGE);

export function isLanguageCode(value: string): value is LanguageCode {
  return LANGUAGES.some((l) => l.code === value);
}

/** The language named by the first path segment, English when there is none. */
export function languageFromPath(pathname: string): LanguageCode {
  const first = pathname.split('/')[1] ?? '';
  return isLanguageCode(first) && first !== DEFAULT_LANGUAGE ? first : DEFAULT_LANGUAGE;
}

/** Prefix an app path ("/game", "/", "/#bonusinfo") with the language segment. */
export function localizePath(path: string, lang: LanguageCode): string {
  if (lang === DEFAULT_LANGUAGE || !path.startsWith('/')) return path;
  if (path === '/') return `/${lang}`;
  if (path.startsWith('/#') || path.startsWith('/?')) return `/${lang}${path.slice(1)}`;
  return `/${lang}${path}`;
}

/** Where a language change reloads to (spec §2). */
export function languageHomeUrl(lang: LanguageCode): string {
  return lang === DEFAULT_LANGUAGE ? '/index.html' : `/${lang}/index.html`;
}
