import { DEFAULT_LANGUAGE, type LanguageCode } from '@/i18n/languages';
import { BLOG_PATH, isBlogPost } from './paths';
import type { MarkdownPage, PageMeta } from './types';

/**
 * Every page in every language, each its own lazily loaded chunk: a reader downloads only the page they
 * open, in their language. Adding `pages/<path>/<lang>.md` is all a translation needs.
 */
const pageModules = import.meta.glob<MarkdownPage>('./pages/**/*.md', { import: 'default' });

/** The blog articles' front matter alone (title, date, image, summary), for the blog list. */
const postMetaModules = import.meta.glob<PageMeta>('./pages/bahati-blog/*/*.md', { import: 'default', query: '?meta' });

const fileOf = (path: string, lang: LanguageCode) => `./pages/${path}/${lang}.md`;

const RIGHT_TO_LEFT: ReadonlySet<LanguageCode> = new Set(['ar', 'ur']);

/** The writing direction of a page's text (an English fallback reads left to right inside an Arabic page). */
export const textDirection = (lang: LanguageCode): 'rtl' | 'ltr' => (RIGHT_TO_LEFT.has(lang) ? 'rtl' : 'ltr');

/** The language a page is shown in: the reader's when it has been written in it, else English. */
export function pageLanguage(path: string, lang: LanguageCode): LanguageCode {
  return fileOf(path, lang) in pageModules ? lang : DEFAULT_LANGUAGE;
}

export interface LoadedPage {
  path: string;
  /** The language of the text, which differs from the reader's when the page fell back to English. */
  lang: LanguageCode;
  page: MarkdownPage;
}

export class PageNotFoundError extends Error {}

export async function loadPage(path: string, lang: LanguageCode): Promise<LoadedPage> {
  const shown = pageLanguage(path, lang);
  const load = pageModules[fileOf(path, shown)];
  if (!load) throw new PageNotFoundError(`No page at ${path}`);
  return { path, lang: shown, page: await load() };
}

export interface BlogEntry {
  path: string;
  lang: LanguageCode;
  meta: PageMeta;
}

/** The blog's articles, newest first, each in the reader's language where it exists. */
export async function loadBlogEntries(lang: LanguageCode): Promise<BlogEntry[]> {
  const paths = [...new Set(Object.keys(pageModules).map((file) => file.slice('./pages/'.length, file.lastIndexOf('/'))))].filter(isBlogPost);
  const entries = await Promise.all(
    paths.map(async (path) => {
      const shown = pageLanguage(path, lang);
      const load = postMetaModules[fileOf(path, shown)];
      return load ? { path, lang: shown, meta: await load() } : null;
    }),
  );
  return entries.filter((entry): entry is BlogEntry => entry !== null).sort((a, b) => (b.meta.date ?? '').localeCompare(a.meta.date ?? ''));
}

export { BLOG_PATH };
