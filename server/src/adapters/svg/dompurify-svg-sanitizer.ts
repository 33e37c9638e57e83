import createDOMPurify, { type DOMPurify, type WindowLike } from 'dompurify';
import { type DOMWindow, JSDOM } from 'jsdom';
import { type SanitizedSvg, type SvgRules, SvgSanitizer } from '../../application/ports/svg-sanitizer';

const SVG_NS = 'http://www.w3.org/2000/svg';
const HTML_NS = 'http://www.w3.org/1999/xhtml';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const PARSER_ERROR_NS = 'http://www.mozilla.org/newlayout/xml/parsererror.xml';

/**
 * Beyond these the markup is refused before it is parsed: no brand drawing needs them, and parsing and
 * sanitising take about a third of a millisecond per element (a deeply nested tree far more), time the
 * server's event loop spends on nothing else.
 */
const MAX_DEPTH = 100;
const MAX_ELEMENTS = 4_000;

/** Elements that run script, embed another document or play media: removed with everything inside them. */
const EMBEDDING = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'applet', 'frame', 'frameset', 'handler', 'listener', 'audio', 'video', 'canvas', 'base', 'link', 'meta']);

/**
 * HTML element names that an HTML parser moves out of an `<svg>` (the "breakout" tags of the HTML
 * standard's foreign content rules). DOMPurify parses as HTML, so they are taken out first with
 * their content: otherwise what follows them would leave the drawing.
 */
const HTML_BREAKOUT = new Set([
  'b', 'big', 'blockquote', 'body', 'br', 'center', 'code', 'dd', 'div', 'dl', 'dt', 'em', 'font', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'head',
  'hr', 'html', 'i', 'img', 'li', 'listing', 'math', 'menu', 'nobr', 'ol', 'p', 'pre', 'ruby', 's', 'small', 'span', 'strike', 'strong', 'sub',
  'sup', 'table', 'tt', 'u', 'ul', 'var',
]);

const ANIMATIONS = new Set(['animate', 'set', 'animatetransform', 'animatemotion', 'animatecolor']);

/** CSS functions that fetch an image or another resource by address. */
const LOADING_CSS_FUNCTIONS = new Set(['src', 'image', 'image-set', '-webkit-image-set', 'cross-fade', '-webkit-cross-fade', 'element', '-moz-element']);

/** White space and controls a browser ignores inside an address (`jav&#x09;ascript:` is `javascript:`). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
const IGNORED_IN_ADDRESS = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028\u2029\u205f\u3000\ufeff]/g;

const compact = (value: string) => value.replace(IGNORED_IN_ADDRESS, '');

/** `#id`: a reference to an element of the same drawing, the only link kept. */
const sameDocument = (value: string) => /^#[\p{L}_][\p{L}\p{N}_.:-]*$/u.test(value.trim());

/** A raster image embedded in the drawing (PNG, JPEG, GIF or WebP, base64): loads nothing and runs nothing. */
const embeddedRaster = (value: string) => /^data:image\/(?:png|jpe?g|gif|webp);base64,[a-z0-9+/]+=*$/i.test(compact(value));

function describeAddress(value: string): string {
  const address = compact(value);
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(address)?.[1];
  if (scheme) return `${scheme.toLowerCase()}: address`;
  if (address.startsWith('//')) return 'address on another site';
  return 'address outside the drawing';
}

/**
 * Whether CSS (a `<style>` element or a `style`/presentation attribute) could load anything from outside
 * the drawing: `@import`, a `url()` that is not `#id`, an image function, or an escape that could hide one.
 */
export function cssLoadsFromOutside(text: string): boolean {
  if (text.includes('\\')) return true;
  const css = text.replace(/\/\*[\s\S]*?(?:\*\/|$)/g, ' ').toLowerCase();
  if (/@import|expression\s*\(|-moz-binding|behaviou?r\s*:/.test(css)) return true;
  for (const [, name] of css.matchAll(/([a-z-]*)\s*\(/g)) if (name && LOADING_CSS_FUNCTIONS.has(name)) return true;
  const urls = css.match(/url\s*\(/g)?.length ?? 0;
  const local = css.match(/url\(\s*(["']?)#[^"'()\s]+\1\s*\)/g)?.length ?? 0;
  return urls !== local;
}

type Report = (line: string) => void;

/** Why an element goes (`''`: no more to say than its name), or undefined to keep it. */
function elementRemoval(el: Element): string | undefined {
  if (el.namespaceURI !== SVG_NS) return 'not SVG';
  const name = el.localName.toLowerCase();
  if (EMBEDDING.has(name)) return '';
  if (HTML_BREAKOUT.has(name)) return 'not SVG';
  if (name === 'use' && linksOutside(el)) return 'external reference';
  if (ANIMATIONS.has(name) && /^(?:[^:]*:)?href$/i.test((el.getAttribute('attributeName') ?? '').trim())) return 'animates a link';
  if (name === 'style' && cssLoadsFromOutside(el.textContent ?? '')) return 'loads from outside the drawing';
  return undefined;
}

function linksOutside(el: Element): boolean {
  return Array.from(el.attributes).some((a) => a.localName.toLowerCase() === 'href' && !sameDocument(a.value));
}

/** Why an attribute goes, or undefined to keep it. */
function attributeRemoval(el: Element, attr: Attr): string | undefined {
  const name = attr.localName.toLowerCase();
  if (name.startsWith('on')) return '';
  if (name === 'href') {
    if (sameDocument(attr.value) || (el.localName === 'image' && embeddedRaster(attr.value))) return undefined;
    return describeAddress(attr.value);
  }
  if (name === 'base' && attr.namespaceURI === XML_NS) return 'changes where links point';
  if (/(?:java|vb|live)script:/i.test(compact(attr.value))) return 'script address';
  if ((name === 'style' || /url\s*\(|@import/i.test(attr.value)) && cssLoadsFromOutside(attr.value)) return 'loads from outside the drawing';
  return undefined;
}

const NODE = { element: 1, cdata: 4, processingInstruction: 7, comment: 8 } as const;

/**
 * Applies the rules above to `root` and everything under it, reporting each removal; comments and
 * processing instructions go, CDATA becomes plain text. Answers false when the tree is deeper than
 * MAX_DEPTH (nothing is then kept).
 */
function applyRules(root: Element, report: Report): boolean {
  const stack: { node: Node; depth: number }[] = [{ node: root, depth: 0 }];
  while (stack.length) {
    const { node, depth } = stack.pop()!;
    if (depth > MAX_DEPTH) return false;
    switch (node.nodeType) {
      case NODE.processingInstruction:
        report(`<?${(node as ProcessingInstruction).target}?> processing instruction`);
        node.parentNode?.removeChild(node);
        continue;
      case NODE.comment:
        report('comment');
        node.parentNode?.removeChild(node);
        continue;
      case NODE.cdata:
        node.parentNode?.replaceChild(node.ownerDocument!.createTextNode((node as CDATASection).data), node);
        continue;
      case NODE.element: {
        const el = node as Element;
        const why = el === root ? undefined : elementRemoval(el);
        if (why !== undefined) {
          report(`<${el.nodeName}> element${why ? ` (${why})` : ''}`);
          el.parentNode?.removeChild(el);
          continue;
        }
        for (const attr of Array.from(el.attributes)) {
          const reason = attributeRemoval(el, attr);
          if (reason === undefined) continue;
          report(`${attr.name} attribute on <${el.nodeName}>${reason ? ` (${reason})` : ''}`);
          el.removeAttributeNode(attr);
        }
        for (let child = el.lastChild; child; child = child.previousSibling) stack.push({ node: child, depth: depth + 1 });
        continue;
      }
      default:
        continue;
    }
  }
  return true;
}

/**
 * Counts the elements of XML markup and how deep they nest, without building anything: tags are read
 * with their quoted attribute values; comments, CDATA sections and processing instructions are skipped.
 * Stops counting once a limit is passed.
 */
export function measureMarkup(text: string): { elements: number; depth: number } {
  let elements = 0;
  let depth = 0;
  let deepest = 0;
  const skipTo = (from: number, end: string) => {
    const at = text.indexOf(end, from);
    return at < 0 ? text.length : at + end.length;
  };
  for (let i = text.indexOf('<'); i >= 0 && i < text.length; i = text.indexOf('<', i)) {
    if (text.startsWith('<!--', i)) i = skipTo(i + 4, '-->');
    else if (text.startsWith('<![CDATA[', i)) i = skipTo(i + 9, ']]>');
    else if (text.startsWith('<?', i)) i = skipTo(i + 2, '?>');
    else if (text.startsWith('<!', i)) i = skipTo(i + 2, '>');
    else if (text.startsWith('</', i)) {
      depth = Math.max(0, depth - 1);
      i = skipTo(i + 2, '>');
    } else {
      let j = i + 1;
      let quote: string | null = null;
      for (; j < text.length; j++) {
        const c = text[j]!;
        if (quote) {
          if (c === quote) quote = null;
        } else if (c === '"' || c === "'") quote = c;
        else if (c === '>') break;
      }
      const selfClosing = text[j - 1] === '/';
      elements++;
      if (!selfClosing) deepest = Math.max(deepest, ++depth);
      if (elements > MAX_ELEMENTS || deepest > MAX_DEPTH) break;
      i = j + 1;
    }
  }
  return { elements, depth: deepest };
}

/** A number of CSS pixels (`48`, `48px`), or undefined for anything else (`100%`, `2em`, missing). */
function pixels(value: string | null): number | undefined {
  const match = value === null ? null : /^\s*(\d+(?:\.\d+)?)\s*(?:px)?\s*$/.exec(value);
  return match ? Number(match[1]) : undefined;
}

/** The size the drawing says it has: its width and height, each falling back to its viewBox. */
function drawnSize(root: Element): { width: number; height: number } | undefined {
  let width = pixels(root.getAttribute('width'));
  let height = pixels(root.getAttribute('height'));
  if (width === undefined || height === undefined) {
    const box = (root.getAttribute('viewBox') ?? '').trim().split(/[\s,]+/).map(Number);
    if (box.length !== 4 || box.some((n) => !Number.isFinite(n))) return undefined;
    width ??= box[2]!;
    height ??= box[3]!;
  }
  return { width, height };
}

/**
 * Takes every DOCTYPE out before anything parses the markup: an XML parser would expand its entities
 * (the "billion laughs") or resolve external ones (XXE). References to entities no longer defined go
 * too; the five of XML itself and character references stay.
 */
function withoutDoctype(markup: string, report: Report): string {
  let text = markup.replace(/^\ufeff/, '').replace(/^\s*<\?xml\s[^?]*\?>/, '');
  for (let at = text.search(/<!doctype/i); at >= 0; at = text.search(/<!doctype/i)) {
    const end = doctypeEnd(text, at);
    const declaration = text.slice(at, end);
    report(/<!ENTITY/i.test(declaration) ? '<!DOCTYPE> declaration with <!ENTITY> definitions' : '<!DOCTYPE> declaration');
    text = text.slice(0, at) + text.slice(end);
  }
  return text.replace(/&(?!(?:amp|lt|gt|quot|apos);)([\p{L}_:][\p{L}\p{N}_.:-]*);/gu, (_ref, name: string) => {
    report(`&${name}; entity reference`);
    return '';
  });
}

/** Where a DOCTYPE that starts at `start` ends: past its `>`, skipping quoted text, comments and the internal subset. */
function doctypeEnd(text: string, start: number): number {
  let quote: string | null = null;
  let depth = 0;
  for (let i = start + 2; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (text.startsWith('<!--', i)) {
      const close = text.indexOf('-->', i + 4);
      if (close < 0) return text.length;
      i = close + 2;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[') depth++;
    else if (c === ']') depth = Math.max(0, depth - 1);
    else if (c === '>' && depth === 0) return i + 1;
  }
  return text.length;
}

/**
 * The SVG sanitiser on DOMPurify's SVG profile, under jsdom:
 * 1. refuses markup over the size limit, takes out DOCTYPEs and undefined entity references;
 * 2. parses it as XML (as a browser reads an SVG file) and checks the root is `<svg>` in the SVG
 *    namespace, drawn at the field's size;
 * 3. applies this product's rules (links only to `#id`, no event handlers, no styles that load, no
 *    external `<use>`, no animation of a link, no embedded documents, no comments or processing
 *    instructions);
 * 4. runs DOMPurify with its SVG and SVG-filter profiles (plus same-document `<use>`), the allow-list of
 *    what draws; then the rules once more on its result, and serialises it back to XML.
 * Every removal is reported once per kind and place.
 */
export class DomPurifySvgSanitizer extends SvgSanitizer {
  private tools: { window: DOMWindow; purify: DOMPurify } | undefined;

  /** One jsdom window and DOMPurify instance, made on first use (start-up does not pay for them). */
  private get dom(): { window: DOMWindow; purify: DOMPurify } {
    if (!this.tools) {
      const window = new JSDOM('').window;
      this.tools = { window, purify: createDOMPurify(window as unknown as WindowLike) };
    }
    return this.tools;
  }

  async sanitize(markup: string, rules: SvgRules): Promise<SanitizedSvg> {
    return this.sanitizeNow(markup, rules);
  }

  sanitizeNow(markup: string, rules: SvgRules): SanitizedSvg {
    const bytes = Buffer.byteLength(markup, 'utf8');
    if (bytes > rules.maxBytes) return { ok: false, problems: [`Larger than ${Math.round(rules.maxBytes / 1024)} KB (${bytes.toLocaleString('en')} bytes)`] };

    const removed = new Set<string>();
    const report: Report = (line) => void removed.add(line);
    const text = withoutDoctype(markup, report);
    const { elements, depth } = measureMarkup(text);
    if (elements > MAX_ELEMENTS) return { ok: false, problems: [`More than ${MAX_ELEMENTS.toLocaleString('en')} elements`] };
    if (depth > MAX_DEPTH) return { ok: false, problems: [`Elements nested more than ${MAX_DEPTH} deep`] };
    const doc = this.parse(text);
    if (typeof doc === 'string') return { ok: false, problems: [`Not an SVG: not well-formed XML (${doc})`] };
    const root = doc.documentElement;
    if (root.namespaceURI !== SVG_NS || root.localName !== 'svg' || root.prefix !== null) {
      const found = root.namespaceURI === null ? `<${root.nodeName}> without a namespace` : `<${root.nodeName}> in ${root.namespaceURI}`;
      return { ok: false, problems: [`Not an SVG: the root must be <svg xmlns="${SVG_NS}">, found ${found}`] };
    }
    const size = drawnSize(root);
    if (!size) return { ok: false, problems: [`Has no size: give it width="${rules.width}" height="${rules.height}" or viewBox="0 0 ${rules.width} ${rules.height}"`] };
    if (size.width !== rules.width || size.height !== rules.height) {
      return { ok: false, problems: [`Must be ${rules.width}×${rules.height} (its width and height, or its viewBox), not ${size.width}×${size.height}`] };
    }

    for (const node of Array.from(doc.childNodes)) {
      if (node.nodeType === NODE.processingInstruction) report(`<?${(node as ProcessingInstruction).target}?> processing instruction`);
      else if (node.nodeType === NODE.comment) report('comment');
    }
    if (!applyRules(root, report)) return { ok: false, problems: [`Elements nested more than ${MAX_DEPTH} deep`] };

    const svg = this.purifyRoot(this.serialize(root), report);
    if (!svg || !applyRules(svg, report)) return { ok: false, problems: ['Nothing drawable is left once what could run or load is removed'] };
    const out = this.serialize(svg);
    const check = this.parse(out);
    if (typeof check === 'string' || check.documentElement.namespaceURI !== SVG_NS) return { ok: false, problems: ['Could not be kept as well-formed SVG'] };
    return { ok: true, svg: out, removed: [...removed] };
  }

  /** The XML document, or what is wrong with the markup. */
  private parse(text: string): Document | string {
    let doc: Document;
    try {
      doc = new this.dom.window.DOMParser().parseFromString(text, 'image/svg+xml') as unknown as Document;
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    }
    const root = doc.documentElement;
    if (!root) return 'no root element';
    if (root.namespaceURI === PARSER_ERROR_NS && root.localName === 'parsererror') return (root.textContent ?? '').trim();
    return doc;
  }

  private serialize(node: Node): string {
    return new this.dom.window.XMLSerializer().serializeToString(node as never);
  }

  /** DOMPurify's pass; answers the `<svg>` it kept (in the HTML document it parsed into). */
  private purifyRoot(markup: string, report: Report): Element | undefined {
    const fragment = this.dom.purify.sanitize(markup, { USE_PROFILES: { svg: true, svgFilters: true }, ADD_TAGS: ['use'], RETURN_DOM_FRAGMENT: true }) as unknown as DocumentFragment;
    for (const item of this.dom.purify.removed) {
      if ('element' in item) {
        const el = item.element as Node;
        // DOMPurify's own wrapper of the parsed fragment, not part of the drawing.
        if (el.nodeType === NODE.element && (el as Element).namespaceURI === HTML_NS && ['BODY', 'HEAD', 'HTML'].includes(el.nodeName)) continue;
        report(el.nodeName.startsWith('#') ? el.nodeName.slice(1) : `<${el.nodeName}> element`);
      } else if (item.attribute) {
        report(`${item.attribute.name} attribute on <${(item.from as Node).nodeName}>`);
      }
    }
    let svg: Element | undefined;
    for (const node of Array.from(fragment.childNodes)) {
      if (!svg && node.nodeType === NODE.element && (node as Element).namespaceURI === SVG_NS && (node as Element).localName === 'svg') svg = node as Element;
      else if (node.nodeType === NODE.element) report(`<${node.nodeName}> element (outside the <svg>)`);
    }
    return svg;
  }
}
