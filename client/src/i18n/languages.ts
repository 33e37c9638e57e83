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

/** An app path without its language prefix: `/sw/ledger` → `/ledger`, `/de` → `/`, `/ledger` → `/ledger`. */
export function unprefixedPath(pathname: string): string {
  const first = pathname.split('/')[1] ?? '';
  if (!isLanguageCode(first)) return pathname || '/';
  const rest = pathname.slice(first.length + 1);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * Where a language change reloads to: the language's home (spec §2) with the page to come back to as `next`
 * (`/de/index.html?next=%2Fledger%3Fd%3D1`); the home alone when there is no page to return to.
 */
export function languageSwitchUrl(lang: LanguageCode, location: { pathname: string; search?: string; hash?: string }): string {
  const path = unprefixedPath(location.pathname);
  const next = `${path}${location.search ?? ''}${location.hash ?? ''}`;
  const home = languageHomeUrl(lang);
  return path === '/' || path === '/index.html' || !safeNextPath(next) ? home : `${home}?next=${encodeURIComponent(next)}`;
}

/**
 * `next` when it is a path of this site's app (`/ledger?d=1#x`), else null: never another origin (`//evil.example`,
 * `/\evil.example`, `https://…`), a scheme, control characters, a language prefix of its own or the API.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || next.length > 512 || !next.startsWith('/')) return null;
  if (next.startsWith('//') || next.includes('\\') || [...next].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(next, 'https://app.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://app.invalid') return null;
  const first = url.pathname.split('/')[1] ?? '';
  if (isLanguageCode(first) || first === 'api' || url.pathname === '/index.html') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where a page that a language change reloaded to (`/{lang}/index.html?next=/ledger`) goes on: the same page
 * under the new prefix (`/de/ledger`); null when there is no valid `next` (the home page then).
 */
export function returnPathAfterSwitch(location: { pathname: string; search: string }): string | null {
  if (!/^(\/[a-z]{2})?\/index\.html$/.test(location.pathname)) return null;
  const next = safeNextPath(new URLSearchParams(location.search).get('next'));
  return next ? localizePath(next, languageFromPath(location.pathname)) : null;
}

const CHOICE_KEY = 'bahati.language';

/** The language the visitor chose in the selector (or kept by dismissing the offer), if any. */
export function chosenLanguage(): LanguageCode | null {
  try {
    const stored = window.localStorage.getItem(CHOICE_KEY);
    return stored && isLanguageCode(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function rememberLanguage(lang: LanguageCode): void {
  try {
    window.localStorage.setItem(CHOICE_KEY, lang);
  } catch {
    // Private modes may refuse storage: the choice then lasts as long as the page's prefix.
  }
}

/** The first of the browser's languages (`navigator.languages`, `de-AT` → `de`) that the site speaks. */
export function browserLanguage(languages: readonly string[]): LanguageCode | null {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0] ?? '';
    if (isLanguageCode(base)) return base;
  }
  return null;
}

/**
 * The language to offer a visitor who never chose: the browser's first supported one when it is not the page's.
 * Only on the unprefixed (English) pages, which a visitor gets without choosing: a `/{lang}/` address is itself a
 * choice (a link in that language, a typed address), which is kept without a word.
 */
export function languageToOffer(page: LanguageCode, chosen: LanguageCode | null, languages: readonly string[]): LanguageCode | null {
  if (chosen || page !== DEFAULT_LANGUAGE) return null;
  const preferred = browserLanguage(languages);
  return preferred && preferred !== page ? preferred : null;
}
