import { BRAND_SVG_SIZES, type BrandSvgField, MAX_BRAND_SVG_BYTES } from '@bahati/contracts';
import type { SanitizedSvg } from '../../application/ports/svg-sanitizer';
import { cssLoadsFromOutside, DomPurifySvgSanitizer, measureMarkup } from './dompurify-svg-sanitizer';
import { drawing, elementNames, executableParts, SVG_ATTACKS } from './svg-attacks.test-support';

const sanitizer = new DomPurifySvgSanitizer();
const rulesOf = (field: BrandSvgField) => ({ ...BRAND_SVG_SIZES[field], maxBytes: MAX_BRAND_SVG_BYTES });
const sanitize = (markup: string, field: BrandSvgField = 'chip1Svg') => sanitizer.sanitize(markup, rulesOf(field));

async function kept(markup: string, field: BrandSvgField = 'chip1Svg'): Promise<Extract<SanitizedSvg, { ok: true }>> {
  const result = await sanitize(markup, field);
  if (!result.ok) throw new Error(`refused: ${result.problems.join('; ')}`);
  return result;
}

async function problems(markup: string, field: BrandSvgField = 'chip1Svg'): Promise<string[]> {
  const result = await sanitize(markup, field);
  if (result.ok) throw new Error(`kept: ${result.svg}`);
  return result.problems;
}

describe('the SVG sanitiser', () => {
  describe.each(SVG_ATTACKS)('against $name', (attack) => {
    it('keeps nothing that could run or load, still draws, and says what it removed', async () => {
      expect(executableParts(attack.markup)).not.toEqual([]);
      const { svg, removed } = await kept(attack.markup, attack.field);
      expect(executableParts(svg)).toEqual([]);
      expect(elementNames(svg)).toContain(attack.keeps);
      expect(removed).toEqual(attack.removed);
    });

    it('gives the same markup when its own result is sanitised again, removing nothing more', async () => {
      const once = await kept(attack.markup, attack.field);
      expect(await kept(once.svg, attack.field)).toEqual({ ok: true, svg: once.svg, removed: [] });
    });
  });

  it('keeps a drawing that holds nothing dangerous exactly as it is', async () => {
    const markup = drawing(
      'logoSvg',
      '<defs><linearGradient id="ring" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f7dc8a"/></linearGradient>' +
        '<clipPath id="clip"><circle cx="24" cy="24" r="20"/></clipPath><filter id="soft"><feGaussianBlur stdDeviation="1.5"/></filter>' +
        '<path id="arc" d="M4 30Q24 40 44 30"/></defs><style>.mark { fill: url(#ring) }</style>' +
        '<g clip-path="url(#clip)" filter="url(#soft)"><rect class="mark" width="48" height="48" style="stroke: url(\'#ring\')"/></g>' +
        '<use href="#arc" xlink:href="#arc"/><text font-family="Georgia, \'Times New Roman\', serif"><textPath href="#arc">Bahati &amp; co &lt;3</textPath></text>' +
        '<image width="4" height="4" href="data:image/webp;base64,UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=="/>',
    );
    expect(await kept(markup, 'logoSvg')).toEqual({ ok: true, svg: markup, removed: [] });
  });

  it('checks the size against the width and height, or the viewBox when they are absent', async () => {
    const svg = (attributes: string) => `<svg xmlns="http://www.w3.org/2000/svg" ${attributes}><rect width="1" height="1"/></svg>`;
    await kept(svg('width="70" height="70"'));
    await kept(svg('width="70px" height="70" viewBox="0 0 140 140"'));
    await kept(svg('viewBox="0 0 70 70"'));
    await kept(svg('width="100%" height="100%" viewBox="0,0,70,70"'));
    expect(await problems(svg('width="70" height="80"'))).toEqual(['Must be 70×70 (its width and height, or its viewBox), not 70×80']);
    expect(await problems(svg('viewBox="0 0 48 48"'))).toEqual(['Must be 70×70 (its width and height, or its viewBox), not 48×48']);
    expect(await problems(svg('width="70"'))).toEqual(['Has no size: give it width="70" height="70" or viewBox="0 0 70 70"']);
    expect(await problems(svg('width="800" height="600"'), 'tableSmallSvg')).toEqual(['Must be 400×500 (its width and height, or its viewBox), not 800×600']);
  });

  it('refuses what is not an SVG: another root, no SVG namespace, not well-formed, not XML', async () => {
    expect(await problems('<svg width="70" height="70"><rect/></svg>')).toEqual([
      'Not an SVG: the root must be <svg xmlns="http://www.w3.org/2000/svg">, found <svg> without a namespace',
    ]);
    expect(await problems('<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>')).toEqual([
      'Not an SVG: the root must be <svg xmlns="http://www.w3.org/2000/svg">, found <html> in http://www.w3.org/1999/xhtml',
    ]);
    expect(await problems('<s:svg xmlns:s="http://www.w3.org/2000/svg" width="70" height="70"/>')).toEqual([expect.stringMatching(/^Not an SVG: the root must be/)]);
    expect(await problems('<svg xmlns="http://www.w3.org/2000/svg" width="70" height="70"><rect></svg>')).toEqual([expect.stringMatching(/^Not an SVG: not well-formed XML \(.+\)$/)]);
    expect(await problems('a picture of a chip')).toEqual([expect.stringMatching(/^Not an SVG: not well-formed XML/)]);
    expect(await problems('<!DOCTYPE svg><svg>&nbsp;</svg>')).toEqual([expect.stringMatching(/^Not an SVG/)]);
  });

  it('refuses more than 100 KB, thousands of elements, or deep nesting, before parsing', async () => {
    const big = drawing('chip1Svg', `<path d="M0 0${' L1 1'.repeat(21_000)}"/>`);
    expect(await problems(big)).toEqual([`Larger than 100 KB (${Buffer.byteLength(big).toLocaleString('en')} bytes)`]);
    expect(await problems(drawing('chip1Svg', '<g/>'.repeat(4_001)))).toEqual(['More than 4,000 elements']);
    expect(await problems(drawing('chip1Svg', `${'<g>'.repeat(100)}${'</g>'.repeat(100)}`))).toEqual(['Elements nested more than 100 deep']);
    await kept(drawing('chip1Svg', `${'<g>'.repeat(98)}<rect/>${'</g>'.repeat(98)}`));
  });

  it('counts elements and depth the way an XML parser reads them', () => {
    expect(measureMarkup('<svg a=">" b=\'/>\'><g><!-- <g><g> --><![CDATA[<g>]]><?pi <g> ?><rect/></g></svg>')).toEqual({ elements: 3, depth: 2 });
  });

  it('tells CSS that loads from outside the drawing from CSS that stays inside', () => {
    for (const css of ['fill: url(#g)', "fill:url('#g')", 'stroke: url( "#a-b.c" )', 'fill: red; /* url(https://x) */']) expect(cssLoadsFromOutside(css)).toBe(false);
    for (const css of ['fill: url(https://x/p.svg#p)', 'fill: url(p.svg#p)', '@import "x.css"', 'background: image-set("x.png" 1x)', 'fill: u\\72l(x)', 'fill: url(#g), url(//x)']) {
      expect(cssLoadsFromOutside(css)).toBe(true);
    }
  });
});
