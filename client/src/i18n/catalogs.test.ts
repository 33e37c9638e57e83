import { describe, expect, it } from 'vitest';
import { LANGUAGES, type LanguageCode } from './languages';
import ar from './locales/ar';
import bn from './locales/bn';
import de from './locales/de';
import en from './locales/en';
import es from './locales/es';
import fr from './locales/fr';
import hi from './locales/hi';
import id from './locales/id';
import ja from './locales/ja';
import ko from './locales/ko';
import pt from './locales/pt';
import ru from './locales/ru';
import sw from './locales/sw';
import ur from './locales/ur';
import zh from './locales/zh';

const CATALOGS: Record<Exclude<LanguageCode, 'en'>, object> = { es, de, fr, ru, ja, zh, ko, hi, bn, pt, ur, id, sw, ar };

/**
 * Words a text may share with English in every language: the brand, Bitcoin's own names and units, codes and
 * abbreviations that are the same everywhere.
 */
const EVERYWHERE = new Set(['Bahati', 'Bitcoin', 'Lightning', 'on', 'chain', 'Blackjack', 'QR', 'OK', 'ID', 'Id', 'sat', 'sats', 'px', 'min', 'K', 'GGR', 'lnbc', 'bc']);

/** Words that are the language's own as well as English (a same-word is not a missed translation). */
const SAME_WORDS: Partial<Record<LanguageCode, readonly string[]>> = {
  es: ['No', 'Blog', 'Hash', 'Normal'],
  de: ['Name', 'optional', 'Blog', 'Status', 'Dealer', 'Chip', 'Chips', 'Seed', 'Seeds', 'Bonus', 'Hash', 'Code', 'Details', 'Logo', 'Support', 'Hand', 'Admin', 'Audit', 'Revision', 'Normal'],
  fr: ['Contact', 'Blog', 'Date', 'confirmation', 'Actions', 'Max', 'Six', 'Coach', 'Type', 'Bonus', 'Hash', 'Code', 'E', 'mail', 'Table', 'Logo', 'Audit', 'Normal', 'Net', 'Action', 'Transaction', 'Destination'],
  pt: ['Blog', 'Status', 'Hash', 'E', 'mail', 'Normal'],
  // "status", "bonus", "logo" and "blog" are Indonesian words (KBBI).
  id: ['Blog', 'Status', 'Bonus', 'Hash', 'Logo', 'Normal'],
  // The names Swahili card players give the ace and the jack.
  sw: ['Ace', 'Jack'],
};

function texts(catalog: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else if (value && typeof value === 'object') for (const [k, v] of texts(value, path)) out.set(k, v);
  }
  return out;
}

/** The words of a text, without its placeholders and the example address of the sign-in form. */
const wordsOf = (text: string) => text.replace(/\{\{[^}]*\}\}/g, ' ').replace('you@example.com', ' ').match(/\p{L}+/gu) ?? [];

/** The keys of `catalog` whose text is English's, word for word, with a word neither allow-list explains. */
function untranslated(lang: Exclude<LanguageCode, 'en'>): string[] {
  const english = texts(en);
  const own = texts(CATALOGS[lang]);
  const allowed = new Set([...EVERYWHERE, ...(SAME_WORDS[lang] ?? [])]);
  return [...english]
    .filter(([key, text]) => own.get(key) === text && wordsOf(text).some((word) => !allowed.has(word)))
    .map(([key, text]) => `${key} = ${text}`);
}

describe('every catalog is written in its language', () => {
  for (const { code } of LANGUAGES) {
    if (code === 'en') continue;
    it(`${code} leaves no English text untranslated`, () => {
      expect(untranslated(code)).toEqual([]);
    });
  }

  it('finds an English text left in a catalog', () => {
    const original = (sw as { shell: { menu: { play: string } } }).shell.menu.play;
    const menu = (sw as { shell: { menu: { play: string } } }).shell.menu;
    menu.play = (en as { shell: { menu: { play: string } } }).shell.menu.play;
    try {
      expect(untranslated('sw')).toEqual(['shell.menu.play = Play']);
    } finally {
      menu.play = original;
    }
  });
});
