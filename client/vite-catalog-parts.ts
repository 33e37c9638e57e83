import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import { splitCatalog, type CatalogParts, type CatalogTree } from './catalog-split';

/**
 * Translators write one catalog per language (`<locales>/<lang>.ts`, default export); the browser gets it
 * in two parts, cut at build time by `splitCatalog`:
 *
 *   `import first from 'virtual:catalog/en/first'`   → the texts `firstLoadKeys` name (the shell, `/`)
 *   `import('virtual:catalog/de/rest')`              → every other text of the language
 *
 * Each part is `export default JSON.parse('…')`: a string literal parses faster than an object literal.
 * The catalogs import only types (erased here), so evaluating one runs nothing but the object itself.
 */
export interface CatalogPartsOptions {
  /** Absolute path of the folder holding `<lang>.ts`. */
  locales: string;
  /** The dotted paths of the `first` part (src/i18n/parts.ts). */
  firstLoadKeys: readonly string[];
}

const PART_ID = /^virtual:catalog\/([a-z]{2})\/(first|rest)$/;
/** The resolved id, which also names the part's chunk (`_catalog-de-rest-<hash>.js`). */
const RESOLVED_ID = /^\0catalog-([a-z]{2})-(first|rest)$/;

export function catalogParts({ locales, firstLoadKeys }: CatalogPartsOptions): Plugin {
  /** Evaluated catalogs by file, so a language's two parts evaluate it once; an edit forgets it. */
  const catalogs = new Map<string, Promise<CatalogTree>>();
  const evaluate = (file: string) => {
    let catalog = catalogs.get(file);
    if (!catalog) {
      catalog = tsImport(pathToFileURL(file).href, { parentURL: import.meta.url, tsconfig: false }).then((module: { default: CatalogTree }) => module.default);
      catalogs.set(file, catalog);
    }
    return catalog;
  };

  return {
    name: 'bahati:catalog-parts',
    // Filtered hooks: Rolldown calls them only for these ids, not for every module of the app.
    resolveId: {
      filter: { id: PART_ID },
      handler(id) {
        const [, lang, part] = PART_ID.exec(id)!;
        return `\0catalog-${lang}-${part}`;
      },
    },
    load: {
      filter: { id: RESOLVED_ID },
      async handler(id) {
        const [, lang, part] = RESOLVED_ID.exec(id)!;
        const file = join(locales, `${lang}.ts`);
        if (!existsSync(file)) this.error(`virtual:catalog/${lang}/${part}: there is no catalog ${file}`);
        // The dev server reloads the part when its catalog is edited.
        this.addWatchFile(file);
        const parts = splitCatalog(await evaluate(file), firstLoadKeys);
        return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(parts[part as keyof CatalogParts]))});\n`, map: null };
      },
    },
    watchChange(id) {
      catalogs.delete(id);
    },
  };
}
