import { existsSync, readdirSync } from 'node:fs';
import { LANGUAGE_CODES, LOCALES_DIR, flattenCatalog, loadCatalog } from './catalogs.test-support';
import { join } from 'node:path';

/**
 * Every language of the selector has a complete catalog: exactly English's keys (plus the plural
 * forms the language needs), no empty text, and the same placeholders as the English sentence.
 */
const LOCALES = LOCALES_DIR;
const LANGUAGES = LANGUAGE_CODES.map((code) => ({ code }));
const PLURAL_EXTRAS = ['zero', 'two', 'few', 'many'] as const;

const load = (code: string): Map<string, string> => flattenCatalog(loadCatalog(code));

function placeholders(text: string): Set<string> {
  return new Set([...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]!));
}

const pluralBase = (key: string) => /^(.*)_(zero|one|two|few|many|other)$/.exec(key)?.[1];

const english = load('en');
const others = LANGUAGES.map((l) => l.code).filter((c) => c !== 'en');

describe('message catalogs', () => {
  it('there is a catalog for every language of the selector', () => {
    const files = readdirSync(LOCALES).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));
    expect(files.map((f) => f.replace(/\.ts$/, '')).sort()).toEqual(LANGUAGES.map((l) => l.code).sort());
  });

  describe.each(others)('%s', (code) => {
    const catalog = existsSync(join(LOCALES, `${code}.ts`)) ? load(code) : new Map<string, string>();
    const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories as string[];
    const pluralBases = new Set([...english.keys()].filter((k) => k.endsWith('_other')).map((k) => pluralBase(k)!));

    it('has every key English has', () => {
      expect([...english.keys()].filter((k) => !catalog.has(k))).toEqual([]);
    });

    it('has no key English lacks (beyond the plural forms its language needs)', () => {
      const extra = [...catalog.keys()].filter((k) => {
        if (english.has(k)) return false;
        const base = pluralBase(k);
        const form = k.slice((base?.length ?? 0) + 1);
        return !(base && pluralBases.has(base) && (PLURAL_EXTRAS as readonly string[]).includes(form) && categories.includes(form));
      });
      expect(extra).toEqual([]);
    });

    it("has every plural form its language's plural rules use", () => {
      const missing = [...pluralBases].flatMap((base) => categories.filter((c) => !catalog.has(`${base}_${c}`)).map((c) => `${base}_${c}`));
      expect(missing).toEqual([]);
    });

    it('leaves no text empty and keeps every placeholder of the English sentence', () => {
      const wrong: string[] = [];
      for (const [key, text] of catalog) {
        if (text.trim() === '') wrong.push(`${key}: empty`);
        const base = pluralBase(key);
        const source = english.get(key) ?? (base ? english.get(`${base}_other`) : undefined);
        if (source === undefined) continue;
        const want = placeholders(base ? (english.get(`${base}_other`) ?? source) : source);
        const have = placeholders(text);
        for (const name of want) if (!have.has(name) && !(base && name === 'count')) wrong.push(`${key}: lacks {{${name}}}`);
        for (const name of have) if (!want.has(name)) wrong.push(`${key}: unknown {{${name}}}`);
      }
      expect(wrong).toEqual([]);
    });
  });
});
