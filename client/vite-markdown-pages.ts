import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { Marked, type RendererObject, type Token, type Tokens, type TokenizerAndRendererExtension } from 'marked';
import type { Plugin } from 'vite';

/**
 * The information pages are Markdown, one file per page and language: `<root>/<route path>/<lang>.md`.
 * This plugin turns each file into a small JavaScript module at build time, so no Markdown parser ships
 * to the browser:
 *
 *   `import page from './pages/rules/en.md'`        → `{ meta, blocks, headings }` (the page)
 *   `import meta from './pages/rules/en.md?meta'`   → `meta` only (front matter; for the blog list)
 *
 * What the Markdown may contain, and what it becomes:
 * - front matter between `---` lines: `key: value` per line (title, description; blog posts also date,
 *   image, summary). A relative `image` becomes the URL of the bundled file.
 * - `##`…`####` headings, each with an id for in-page anchors (`#` is the page title, from the front matter):
 *   made from the heading's words, or given as `## Heading {#id}` so it is the same in every language.
 * - links: `/rules` and other app paths (checked against the router's paths; the page localises and routes
 *   them), `#heading-id` (checked against the headings), `https://…` (opens in a new tab, rel="noopener
 *   noreferrer"), `mailto:`. Anything else fails the build.
 * - `{{email.support}}` and the other mailboxes: a mailto link whose address the page fills in from the
 *   server's configuration.
 * - `<!-- widget: name -->` on a line of its own: an interactive part of the page the page component
 *   renders there. A list right after the marker is handed to the widget as its items (so the words of a
 *   widget, e.g. the self-test's questions, stay in the Markdown).
 * - tables (wrapped so they scroll sideways on a phone), code blocks (a block of their own, which the page
 *   shows with a copy button), blockquotes, relative images. Raw HTML fails the build: the pages are rendered with innerHTML.
 */
export interface MarkdownPagesOptions {
  /** Absolute path of the folder holding `<route path>/<lang>.md`. */
  root: string;
  /** The route paths of Markdown pages (client/src/content/paths.ts): each must have `en.md`. */
  pagePaths: readonly string[];
  /** Other paths of the app an internal link may name, without the leading slash ('' is home). */
  appPaths: readonly string[];
  /** Language codes a file may be named after. */
  languages: readonly string[];
  /** The `{{…}}` placeholders the page fills in. */
  slots: readonly string[];
  /** The `<!-- widget: name -->` names the page component knows. */
  widgets: readonly string[];
  /** Heading ids a widget links to, which a page using it must have (the self-test's "Where to find help"). */
  widgetAnchors?: Readonly<Record<string, readonly string[]>>;
  /** Route paths whose pages are blog posts (need date, image and summary). */
  isBlogPost: (path: string) => boolean;
}

interface Meta {
  title: string;
  description: string;
  date?: string;
  summary?: string;
  image?: string;
}

type Block = { html: string } | { widget: string; items: string[] } | { code: string; lang: string };

interface Heading {
  depth: number;
  id: string;
  text: string;
}

interface Rendered {
  meta: Meta;
  blocks: Block[];
  headings: Heading[];
  /** Relative asset paths, in the order their placeholders number them. */
  assets: string[];
  /** `{path, fragment}` of links to other pages, checked once every page is known. */
  pageLinks: { path: string; fragment: string }[];
}

const FRONT_MATTER_KEYS = new Set(['title', 'description', 'date', 'summary', 'image']);
const WIDGET = /^<!--\s*widget:\s*([a-z][a-z0-9-]*)\s*-->\s*$/;
const COMMENT = /^<!--[\s\S]*-->\s*$/;
/** Marks where an asset URL goes in rendered HTML (a private-use character); replaced by an import in the generated module. */
const ASSET = (index: number) => `\uE000${index}\uE000`;
const ASSET_SPLIT = /\uE000(\d+)\uE000/;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const decodeEntities = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** "What each level adds" → "what-each-level-adds"; letters of every script are kept ("Ngazi ya 0" → "ngazi-ya-0"). */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'section';
}

export class ContentError extends Error {}

function parseFrontMatter(source: string, file: string): { data: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) throw new ContentError(`${file}: starts without front matter (--- title: … description: … ---)`);
  const data: Record<string, string> = {};
  match[1]!.split(/\r?\n/).forEach((line, index) => {
    if (!line.trim() || line.trimStart().startsWith('#')) return;
    const pair = /^([a-zA-Z]+):\s*(.*)$/.exec(line);
    if (!pair) throw new ContentError(`${file}: front matter line ${index + 2} is not "key: value": ${line}`);
    const [, key, raw] = pair as unknown as [string, string, string];
    if (!FRONT_MATTER_KEYS.has(key)) throw new ContentError(`${file}: unknown front matter key "${key}" (known: ${[...FRONT_MATTER_KEYS].join(', ')})`);
    let value = raw.trim();
    if (value.startsWith('"')) {
      try {
        value = JSON.parse(value) as string;
      } catch {
        throw new ContentError(`${file}: the quoted value of "${key}" is not a valid double-quoted string`);
      }
    } else if (value.startsWith("'") && value.endsWith("'") && value.length >= 2) {
      value = value.slice(1, -1).replace(/''/g, "'");
    }
    data[key] = value;
  });
  return { data, body: source.slice(match[0].length) };
}

function checkMeta(data: Record<string, string>, file: string, blogPost: boolean): Meta {
  const need = ['title', 'description', ...(blogPost ? ['date', 'image', 'summary'] : [])];
  const missing = need.filter((key) => !data[key]);
  if (missing.length) throw new ContentError(`${file}: front matter needs ${missing.join(', ')}`);
  if (data.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(data.date)) throw new ContentError(`${file}: date must be YYYY-MM-DD, got ${data.date}`);
  if (data.date !== undefined && Number.isNaN(Date.parse(`${data.date}T00:00:00Z`))) throw new ContentError(`${file}: ${data.date} is not a date`);
  if (data.image !== undefined && !/^\.{1,2}\//.test(data.image)) throw new ContentError(`${file}: image must be a relative path (./cover.svg)`);
  return data as unknown as Meta;
}

/** Renders one Markdown file. Throws a ContentError naming the file for anything the pages cannot show. */
export function renderMarkdownPage(source: string, file: string, options: MarkdownPagesOptions, path: string): Rendered {
  const { data, body } = parseFrontMatter(source, file);
  const meta = checkMeta(data, file, options.isBlogPost(path));
  const assets: string[] = [];
  const asset = (relativePath: string) => {
    const index = assets.indexOf(relativePath) >= 0 ? assets.indexOf(relativePath) : assets.push(relativePath) - 1;
    return ASSET(index);
  };
  if (meta.image) meta.image = asset(meta.image);

  const headings: Heading[] = [];
  const ids = new Set<string>();
  const fragments: string[] = [];
  const pageLinks: Rendered['pageLinks'] = [];
  const knownPaths = new Set([...options.pagePaths, ...options.appPaths]);
  const fail = (message: string): never => {
    throw new ContentError(`${file}: ${message}`);
  };

  const slot: TokenizerAndRendererExtension = {
    name: 'slot',
    level: 'inline',
    start: (src: string) => {
      const at = src.indexOf('{{');
      return at < 0 ? undefined : at;
    },
    tokenizer: (src: string) => {
      const match = /^\{\{\s*([a-zA-Z]+\.[a-zA-Z0-9]+)\s*\}\}/.exec(src);
      return match ? { type: 'slot', raw: match[0], name: match[1] } : undefined;
    },
    renderer: (token) => {
      const name = token.name as string;
      if (!options.slots.includes(name)) fail(`unknown placeholder {{${name}}} (known: ${options.slots.map((s) => `{{${s}}}`).join(', ')})`);
      return name.startsWith('email.') ? `<a href="mailto:{{${name}}}">{{${name}}}</a>` : `{{${name}}}`;
    },
  };

  const renderer: RendererObject = {
    heading({ tokens, depth }) {
      if (depth === 1) fail('a "#" heading: the page title comes from the front matter; start sections at "##"');
      // `## Where to find help {#help}`: an id of its own, the same in every language, for links into the page.
      const last = tokens[tokens.length - 1];
      const explicit = last?.type === 'text' ? /\s*\{#([a-z0-9][a-z0-9-]*)\}\s*$/.exec(last.raw) : null;
      if (explicit && last) {
        const kept = last.raw.slice(0, explicit.index);
        Object.assign(last, { raw: kept, text: kept, escaped: false, tokens: undefined });
      }
      const inner = this.parser.parseInline(tokens);
      const text = decodeEntities(this.parser.parseInline(tokens, this.parser.textRenderer)).trim();
      const base = explicit ? explicit[1]! : slugify(text);
      if (explicit && ids.has(base)) fail(`two headings have the id #${base}`);
      let id = base;
      for (let n = 2; ids.has(id); n++) id = `${base}-${n}`;
      ids.add(id);
      headings.push({ depth, id, text });
      return `<h${depth} id="${id}">${inner}</h${depth}>\n`;
    },
    link({ href, title, tokens }) {
      const text = this.parser.parseInline(tokens);
      const titled = title ? ` title="${escapeHtml(title)}"` : '';
      if (href.startsWith('/') && !href.startsWith('//')) {
        const [pathAndQuery, fragment = ''] = href.split('#', 2) as [string, string?];
        const path = pathAndQuery.split('?')[0]!.replace(/^\/+|\/+$/g, '');
        if (!knownPaths.has(path)) fail(`link to ${href}: no page of the app has the path /${path}`);
        if (fragment && options.pagePaths.includes(path)) pageLinks.push({ path, fragment });
        return `<a href="${escapeHtml(href)}" data-internal=""${titled}>${text}</a>`;
      }
      if (href.startsWith('#')) {
        fragments.push(href.slice(1));
        return `<a href="${escapeHtml(href)}" data-fragment=""${titled}>${text}</a>`;
      }
      if (/^https?:\/\//.test(href)) {
        return `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer" data-external=""${titled}>${text}<span data-external-note=""></span></a>`;
      }
      if (href.startsWith('mailto:')) return `<a href="${escapeHtml(href)}"${titled}>${text}</a>`;
      return fail(`link to "${href}": write app paths as /path, other sites as https://…`);
    },
    image({ href, title, text }) {
      if (!/^\.{1,2}\//.test(href)) fail(`image "${href}": use a file beside the page (./picture.svg), nothing from other sites`);
      const titled = title ? ` title="${escapeHtml(title)}"` : '';
      return `<img src="${asset(href)}" alt="${escapeHtml(text)}"${titled} loading="lazy" />`;
    },
    html({ text }) {
      return COMMENT.test(text.trim()) ? '' : fail(`raw HTML is not allowed: ${text.trim().slice(0, 60)}`);
    },
    // A code block inside a list or a quote; one on its own is a block of its own, with a copy button.
    code({ text, lang }) {
      const language = /^\S*/.exec(lang ?? '')![0];
      const cls = language ? ` class="language-${escapeHtml(language)}"` : '';
      return `<pre><code${cls}>${escapeHtml(text)}</code></pre>\n`;
    },
    // Each cell carries its column's heading (data-label), so on a phone a row can show as a small card.
    table({ header, rows, align }) {
      const alignClass = (index: number) => (align[index] ? ` class="align-${align[index]}"` : '');
      const labels = header.map((cell) => escapeHtml(decodeEntities(this.parser.parseInline(cell.tokens, this.parser.textRenderer)).trim()));
      const head = header.map((cell, i) => `<th scope="col"${alignClass(i)}>${this.parser.parseInline(cell.tokens)}</th>`).join('');
      const body = rows
        .map((row) => `<tr>${row.map((cell, i) => `<td data-label="${labels[i] ?? ''}"${alignClass(i)}>${this.parser.parseInline(cell.tokens)}</td>`).join('')}</tr>`)
        .join('\n');
      return `<div class="md-table" tabindex="0"><table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody></table></div>\n`;
    },
  };

  const marked = new Marked({ gfm: true, async: false, renderer, extensions: [slot] });
  const tokens = marked.lexer(body);
  const parse = (list: Token[]) => marked.parser(list);

  const blocks: Block[] = [];
  let segment: Token[] = [];
  const flush = () => {
    const html = parse(segment).trim();
    if (html) blocks.push({ html });
    segment = [];
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === 'code') {
      flush();
      blocks.push({ code: (token as Tokens.Code).text, lang: /^\S*/.exec((token as Tokens.Code).lang ?? '')![0] });
      continue;
    }
    const widget = token.type === 'html' ? WIDGET.exec((token as Tokens.HTML).text.trim()) : null;
    if (!widget) {
      segment.push(token);
      continue;
    }
    flush();
    if (!options.widgets.includes(widget[1]!)) fail(`unknown widget "${widget[1]}" (known: ${options.widgets.join(', ')})`);
    let next = i + 1;
    while (tokens[next]?.type === 'space') next++;
    const list = tokens[next]?.type === 'list' ? (tokens[next] as Tokens.List) : null;
    // A tight list item renders as bare inline HTML, a loose one as paragraphs: the widget gets either.
    const items = list ? list.items.map((item) => parse(item.tokens).trim()) : [];
    if (list) i = next;
    blocks.push({ widget: widget[1]!, items });
  }
  flush();

  for (const fragment of fragments) if (!ids.has(fragment)) fail(`link to #${fragment}: no heading of this page has that id (ids: ${[...ids].join(', ')})`);
  for (const block of blocks) {
    if (!('widget' in block)) continue;
    for (const anchor of options.widgetAnchors?.[block.widget] ?? []) {
      if (!ids.has(anchor)) fail(`the ${block.widget} widget links to #${anchor}: give a heading that id ("## Heading {#${anchor}}")`);
    }
  }
  return { meta, blocks, headings, assets, pageLinks };
}

/** A string of HTML holding asset placeholders → a JavaScript expression concatenating the imported URLs. */
function withAssets(text: string): string {
  const parts = text.split(ASSET_SPLIT);
  return parts.map((part, index) => (index % 2 === 1 ? `asset${part}` : JSON.stringify(part))).filter((part) => part !== '""').join(' + ') || '""';
}

function moduleCode(rendered: Rendered, metaOnly: boolean): string {
  const meta = `{ ${Object.entries(rendered.meta)
    .map(([key, value]) => `${JSON.stringify(key)}: ${withAssets(value as string)}`)
    .join(', ')} }`;
  const code = metaOnly
    ? `export default ${meta};`
    : `export default { meta: ${meta}, blocks: [\n  ${rendered.blocks
        .map((block) =>
          'html' in block
            ? `{ html: ${withAssets(block.html)} }`
            : 'widget' in block
              ? `{ widget: ${JSON.stringify(block.widget)}, items: [${block.items.map(withAssets).join(', ')}] }`
              : JSON.stringify(block),
        )
        .join(',\n  ')}\n], headings: ${JSON.stringify(rendered.headings)} };`;
  // Only the assets the emitted code names: the blog list's meta modules import the cover image alone.
  const imports = rendered.assets
    .map((path, index) => (new RegExp(`\\basset${index}\\b`).test(code) ? `import asset${index} from ${JSON.stringify(`${path}?url`)};\n` : ''))
    .join('');
  return `${imports}${code}\n`;
}

function markdownFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.md')) files.push(full);
    }
  };
  if (existsSync(root)) walk(root);
  return files;
}

/** `<root>/bahati-blog/x/sw.md` → `{ path: 'bahati-blog/x', lang: 'sw' }`. */
function locate(root: string, file: string): { path: string; lang: string } {
  const rel = relative(root, file).split(sep).join('/');
  const lang = rel.slice(rel.lastIndexOf('/') + 1, -'.md'.length);
  return { path: rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '', lang };
}

/**
 * Checks every page at the start of a build (and of the dev server): each route path has its English
 * page, no file lies outside a route, files are named after known languages, and every page renders,
 * including links into other pages' headings. All problems are listed at once.
 */
export function checkContent(options: MarkdownPagesOptions): string[] {
  const problems: string[] = [];
  const files = markdownFiles(options.root);
  const rendered = new Map<string, Rendered>();
  for (const path of options.pagePaths) {
    if (!existsSync(join(options.root, path, 'en.md'))) problems.push(`${path}: no English page (${join(path, 'en.md')}): every page needs one, other languages fall back to it`);
  }
  for (const file of files) {
    const { path, lang } = locate(options.root, file);
    const shown = relative(options.root, file);
    if (!options.pagePaths.includes(path)) problems.push(`${shown}: ${path || '(the root)'} is not a page path of client/src/content/paths.ts`);
    if (!options.languages.includes(lang)) problems.push(`${shown}: "${lang}" is not a language of the app (${options.languages.join(', ')})`);
    try {
      rendered.set(`${path}/${lang}`, renderMarkdownPage(readFileSync(file, 'utf8'), shown, options, path));
    } catch (error) {
      problems.push(error instanceof ContentError ? error.message : `${shown}: ${String(error)}`);
    }
  }
  for (const [key, page] of rendered) {
    const lang = key.slice(key.lastIndexOf('/') + 1);
    for (const link of page.pageLinks) {
      const target = rendered.get(`${link.path}/${lang}`) ?? rendered.get(`${link.path}/en`);
      if (target && !target.headings.some((h) => h.id === link.fragment)) {
        problems.push(`${key}.md: link to /${link.path}#${link.fragment}: that page has no heading with this id (ids: ${target.headings.map((h) => h.id).join(', ')})`);
      }
    }
    for (const path of page.assets) {
      if (!existsSync(join(options.root, dirname(key), path))) problems.push(`${key}.md: ${path} does not exist`);
    }
  }
  return problems;
}

export function markdownPages(options: MarkdownPagesOptions): Plugin {
  return {
    name: 'bahati:markdown-pages',
    enforce: 'pre',
    buildStart() {
      const problems = checkContent(options);
      if (problems.length) this.error(`The Markdown pages have ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
      for (const file of markdownFiles(options.root)) this.addWatchFile(file);
    },
    transform(source, id) {
      const [file, query = ''] = id.split('?', 2) as [string, string?];
      if (!file.endsWith('.md') || !file.startsWith(options.root)) return null;
      const { path } = locate(options.root, file);
      try {
        const rendered = renderMarkdownPage(source, relative(options.root, file), options, path);
        return { code: moduleCode(rendered, new URLSearchParams(query).has('meta')), map: null };
      } catch (error) {
        if (error instanceof ContentError) this.error(error.message);
        throw error;
      }
    },
  };
}
