/**
 * Cuts one language's catalog in two at build time (vite-catalog-parts.ts): the texts a first load of
 * `/` shows, and the rest. Pure and import-free, so the Vite config and the unit test
 * (scripts/i18n-catalog-parts.spec.ts) run this very function.
 */

/** A catalog as authored: nested sections whose leaves are texts. */
export type CatalogTree = { [key: string]: string | CatalogTree };

export interface CatalogParts {
  first: CatalogTree;
  rest: CatalogTree;
}

/** i18next's plural suffixes: a path naming `items` takes `items_one`, `items_other` and the forms a language adds. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * `first` holds what the dotted `paths` name (a section, or a text with all its plural forms), `rest`
 * everything else; together they are the catalog, no text in both. A path the catalog lacks takes nothing.
 * Subtrees are shared with the input, which is never changed.
 */
export function splitCatalog(catalog: CatalogTree, paths: readonly string[]): CatalogParts {
  const first: CatalogTree = {};
  const rest: CatalogTree = {};
  for (const [key, value] of Object.entries(catalog)) {
    const name = typeof value === 'string' ? key.replace(PLURAL_SUFFIX, '') : key;
    if (paths.includes(key) || paths.includes(name)) {
      first[key] = value;
      continue;
    }
    const inner = paths.filter((path) => path.startsWith(`${key}.`)).map((path) => path.slice(key.length + 1));
    if (typeof value === 'string' || inner.length === 0) {
      rest[key] = value;
      continue;
    }
    const parts = splitCatalog(value, inner);
    if (Object.keys(parts.first).length > 0) first[key] = parts.first;
    if (Object.keys(parts.rest).length > 0) rest[key] = parts.rest;
  }
  return { first, rest };
}
