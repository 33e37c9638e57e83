import { join } from 'node:path';
import { CLIENT_DIR, LANGUAGE_CODES, flattenCatalog as flatten, loadCatalog as load, type CatalogTree as Tree } from './catalogs.test-support';

/**
 * The build cuts every catalog into the first load's texts and the rest (client/vite-catalog-parts.ts).
 * These are the very modules the Vite config runs; the client is ESM, so this CommonJS test requires them
 * (SWC compiles them) and takes their types with `resolution-mode`.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
const { splitCatalog } = require(join(CLIENT_DIR, 'catalog-split.ts')) as typeof import('../client/catalog-split.js', { with: { 'resolution-mode': 'import' } });
const { FIRST_LOAD_KEYS } = require(join(CLIENT_DIR, 'src/i18n/parts.ts')) as typeof import('../client/src/i18n/parts.js', { with: { 'resolution-mode': 'import' } });
/* eslint-enable @typescript-eslint/no-require-imports */
const LANGUAGES = LANGUAGE_CODES;

describe('catalog parts', () => {
  it('every first-load path names texts of the English catalog', () => {
    const english = load('en');
    expect(FIRST_LOAD_KEYS.filter((path) => Object.keys(splitCatalog(english, [path]).first).length === 0)).toEqual([]);
  });

  it.each(LANGUAGES)('%s: the first part and the rest together are the whole catalog, no text in both', (code) => {
    const catalog = load(code);
    const whole = flatten(catalog);
    const { first, rest } = splitCatalog(catalog, FIRST_LOAD_KEYS);
    const firstTexts = flatten(first);
    const restTexts = flatten(rest);
    expect([...firstTexts.keys()].filter((key) => restTexts.has(key))).toEqual([]);
    expect(new Map([...firstTexts, ...restTexts])).toEqual(whole);
    expect(firstTexts.size).toBeGreaterThan(0);
    expect(restTexts.size).toBeGreaterThan(0);
  });

  it('a path takes a whole section, or one text with every plural form of the language', () => {
    const catalog: Tree = {
      shell: { menu: 'Menu' },
      pages: { answerAll_one: 'One', answerAll_few: 'A few', answerAll_other: 'Many', answer: 'Answer', help: 'Help' },
    };
    expect(splitCatalog(catalog, ['shell', 'pages.answerAll', 'missing.path'])).toEqual({
      first: { shell: { menu: 'Menu' }, pages: { answerAll_one: 'One', answerAll_few: 'A few', answerAll_other: 'Many' } },
      rest: { pages: { answer: 'Answer', help: 'Help' } },
    });
    expect(catalog.pages).toEqual({ answerAll_one: 'One', answerAll_few: 'A few', answerAll_other: 'Many', answer: 'Answer', help: 'Help' });
  });
});
