import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the catalog tests share: where the client's catalogs are, its languages, and a catalog as a flat map. */
export const CLIENT_DIR = join(__dirname, '../client');
export const LOCALES_DIR = join(CLIENT_DIR, 'src/i18n/locales');

/** The selector's language codes, read from the client's list (an ES module these CommonJS tests cannot import). */
export const LANGUAGE_CODES = [...readFileSync(join(CLIENT_DIR, 'src/i18n/languages.ts'), 'utf8').matchAll(/\{ code: '([a-z]{2})'/g)].map((m) => m[1]!);

/** A catalog as authored: nested sections whose leaves are texts. */
export type CatalogTree = { [key: string]: string | CatalogTree };

/** `{ a: { b: 'x' } }` → `a.b` → `x`. */
export function flattenCatalog(tree: CatalogTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flattenCatalog(value, path)) out.set(k, v);
  }
  return out;
}

/** A language's catalog module (SWC compiles it; it imports only types). */
export function loadCatalog(code: string): CatalogTree {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(join(LOCALES_DIR, `${code}.ts`)) as { default: CatalogTree }).default;
}
