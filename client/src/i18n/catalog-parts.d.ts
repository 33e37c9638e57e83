/**
 * A part of one language's catalog (`virtual:catalog/<lang>/first` or `/rest`), cut at build time by
 * vite-catalog-parts.ts: some of the catalog's sections and texts, nested as in the catalog.
 */
declare module 'virtual:catalog/*' {
  type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? string : DeepPartial<T[K]> };
  const part: DeepPartial<import('@/i18n/locales/en').Catalog>;
  export default part;
}
