import type { ContentWidget } from './paths';

/** What the build makes of a page's Markdown (vite-markdown-pages.ts). */

/** The front matter. Blog posts also have date (YYYY-MM-DD), image (a URL) and summary. */
export interface PageMeta {
  title: string;
  description: string;
  date?: string;
  image?: string;
  summary?: string;
}

/**
 * A run of rendered HTML, or an interactive part the page renders in its place (`<!-- widget: name -->`),
 * with the items of the list that followed the marker, as HTML; or a code block (shown with a copy button).
 */
export type PageBlock = { html: string } | { widget: ContentWidget; items: string[] } | { code: string; lang: string };

export interface PageHeading {
  depth: number;
  id: string;
  text: string;
}

export interface MarkdownPage {
  meta: PageMeta;
  blocks: PageBlock[];
  headings: PageHeading[];
}
