import i18n from 'i18next';
import { DEFAULT_LANGUAGE, type LanguageCode } from './languages';

/** Languages written right to left: the page gets `dir="rtl"` and interpolated values are isolated. */
export const RTL_LANGUAGES: readonly string[] = ['ar', 'ur'] satisfies readonly LanguageCode[];

/**
 * The Intl locale of a catalog language. Digits are Latin in every language (docs/client.md,
 * "Languages, numbers and right to left"): Arabic and Bengali default to their own digits, which would put
 * amounts in a different script from the Bitcoin addresses, seeds, invoices and shoe ids beside them.
 * Separators, grouping (lakh grouping in Hindi and Bengali), month and day names stay the language's.
 */
const INTL_LOCALES: Readonly<Record<string, string>> = {
  ar: 'ar-u-nu-latn',
  bn: 'bn-u-nu-latn',
  hi: 'hi-u-nu-latn',
  ur: 'ur-u-nu-latn',
};

export function intlLocale(language: string): string {
  return INTL_LOCALES[language] ?? language;
}

export function isRtlLanguage(language: string): boolean {
  return RTL_LANGUAGES.includes(language);
}

/** The language of the catalog on screen: numbers and dates follow the words (English when a catalog is missing). */
export function catalogLanguage(): string {
  return i18n.resolvedLanguage ?? DEFAULT_LANGUAGE;
}

/** U+2066 … U+2069: the text is laid out left to right as one unit inside right-to-left text ("−1,000", "≈ $6.17"). */
export const isolateLtr = (text: string): string => `\u2066${text}\u2069`;

/** U+2068 … U+2069: the text keeps its own direction (from its first strong letter) inside the sentence around it. */
export const isolate = (text: string): string => `\u2068${text}\u2069`;

export interface Formats {
  /** The Intl locale (e.g. `ar-u-nu-latn`). */
  locale: string;
  rtl: boolean;
  /** Whole satoshis with the language's grouping ("12,345", "12.345", "12,34,567"); plain, also for a field's value. */
  sats(amount: number): string;
  /** "+12,000" / "−3,500" / "0": one left-to-right unit in right-to-left text. */
  signed(amount: number): string;
  /** US dollars ("$6.17", "6,17 $"), optionally signed; one left-to-right unit in right-to-left text. */
  dollars(amount: number, sign?: '' | '+' | '−'): string;
  /** A number with Intl options (percentages, compact figures), plain. */
  number(value: number, options?: Intl.NumberFormatOptions): string;
  /** Date and time of a table row ("Jan 5, 2025, 3:04 PM"). */
  dateTime(iso: string): string;
  /** A ledger time as [date, time]: M/d/yy and h:mm:ss a in English, the language's equivalent elsewhere. */
  ledgerTime(iso: string): [string, string];
  /** A whole day in words ("Sunday, January 5, 2025"). */
  longDay(date: Date): string;
}

const cache = new Map<string, Formats>();

/** Number and date formats of a catalog language (built once per language). */
export function formatsFor(language: string): Formats {
  const known = cache.get(language);
  if (known) return known;
  const locale = intlLocale(language);
  const rtl = isRtlLanguage(language);
  const ltr = (text: string) => (rtl ? isolateLtr(text) : text);
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const usd = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' });
  const numbers = new Map<string, Intl.NumberFormat>();
  const rowTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const ledgerDate = new Intl.DateTimeFormat(locale, { year: '2-digit', month: 'numeric', day: 'numeric' });
  const ledgerClock = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', second: '2-digit' });
  const day = new Intl.DateTimeFormat(locale, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
  const parsed = (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? null : date;
  };
  const formats: Formats = {
    locale,
    rtl,
    sats: (amount) => whole.format(amount),
    signed: (amount) => ltr(`${amount > 0 ? '+' : amount < 0 ? '−' : ''}${whole.format(Math.abs(amount))}`),
    dollars: (amount, sign = '') => ltr(`${sign}${usd.format(amount)}`),
    number: (value, options = {}) => {
      const key = JSON.stringify(options);
      let format = numbers.get(key);
      if (!format) numbers.set(key, (format = new Intl.NumberFormat(locale, options)));
      return format.format(value);
    },
    dateTime: (iso) => {
      const date = parsed(iso);
      return date ? rowTime.format(date) : iso;
    },
    ledgerTime: (iso) => {
      const date = parsed(iso);
      return date ? [ledgerDate.format(date), ledgerClock.format(date)] : [iso, ''];
    },
    longDay: (date) => day.format(date),
  };
  cache.set(language, formats);
  return formats;
}

/** The formats of the language on screen, for code outside components (notices, announcements, error texts). */
export function currentFormats(): Formats {
  return formatsFor(catalogLanguage());
}
