import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGE_CODES } from './catalogs.test-support';

/** Every information page is written in every language of the selector (a missing one falls back to English). */
const PAGES = join(__dirname, '../client/src/content/pages');
const LANGUAGES = LANGUAGE_CODES;
const others = LANGUAGES.filter((c) => c !== 'en');

describe('content pages', () => {
  const pages = existsSync(PAGES) ? readdirSync(PAGES, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('/en.md') || f === 'en.md') : [];

  it('exist', () => {
    expect(pages.length).toBeGreaterThan(10);
  });

  it.each(others)('every page is written in %s', (code) => {
    const missing = pages.map((f) => f.replace(/en\.md$/, `${code}.md`)).filter((f) => !existsSync(join(PAGES, f)));
    expect(missing).toEqual([]);
  });
});
