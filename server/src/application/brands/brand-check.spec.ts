import { type Brand, MAX_BRAND_SVG_BYTES } from '@bahati/contracts';
import { DomPurifySvgSanitizer } from '../../adapters/svg/dompurify-svg-sanitizer';
import { ValidationError } from '../errors';
import { checkBrand, isBlankSvg } from './brand-check';
import { DEFAULT_BRAND } from './default-brand';

const sanitizer = new DomPurifySvgSanitizer();
const issuesOf = async (input: unknown) => {
  const error = await checkBrand(input, sanitizer).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).issues;
};

describe('checking a brand before it is saved', () => {
  it('answers every problem of every field at once, in the order of the form', async () => {
    const { logoSvg: _missing, ...rest } = DEFAULT_BRAND;
    const input = {
      ...rest, id: 'Bad Id', name: '  ', colour: 'gold', chip1Svg: '<svg width="70" height="70"/>', cardSvg: DEFAULT_BRAND.chip1Svg,
      tableSmallSvg: `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="500"><path d="${'M0 0'.repeat(MAX_BRAND_SVG_BYTES / 4)}"/></svg>`,
    };
    expect(await issuesOf(input)).toEqual([
      { path: 'id', message: 'Lower-case letters, digits and - only, starting with a letter or digit' },
      { path: 'name', message: 'Required' },
      { path: 'colour', message: 'A colour is # and six hex digits, e.g. #d9a93b' },
      { path: 'logoSvg', message: 'Required' },
      { path: 'cardSvg', message: 'Must be 60×80 (its width and height, or its viewBox), not 70×70' },
      { path: 'chip1Svg', message: expect.stringMatching(/^Not an SVG: the root must be <svg xmlns=/) },
      { path: 'tableSmallSvg', message: expect.stringMatching(/^Larger than 100 KB/) },
    ]);
  });

  it('refuses a body that is not a brand', async () => {
    expect(await issuesOf(undefined)).toEqual([{ path: '(body)', message: expect.any(String) }]);
    expect(await issuesOf('brand')).toEqual([{ path: '(body)', message: expect.any(String) }]);
  });

  it('keeps the brand with its drawings sanitised and names the field of each removed part; a missing colour is black', async () => {
    const { colour: _colour, ...input } = { ...DEFAULT_BRAND, id: 'savanna', logoSvg: DEFAULT_BRAND.logoSvg.replace('<defs>', '<script>alert(1)</script><defs>') };
    const { brand, removed } = await checkBrand(input, sanitizer);
    expect(brand).toEqual<Brand>({ ...DEFAULT_BRAND, id: 'savanna', colour: '#000000' });
    expect(removed).toEqual(['logoSvg: <script> element']);
  });

  it('names the drawings the sanitiser leaves with nothing to draw', async () => {
    const onlyScript = '<svg xmlns="http://www.w3.org/2000/svg" width="70" height="70"><script>alert(1)</script></svg>';
    const { blanked, brand } = await checkBrand({ ...DEFAULT_BRAND, id: 'savanna', chip3Svg: onlyScript }, sanitizer);
    expect(blanked).toEqual(['chip3Svg']);
    expect(isBlankSvg(brand.chip3Svg)).toBe(true);
    expect((await checkBrand({ ...DEFAULT_BRAND, id: 'savanna' }, sanitizer)).blanked).toEqual([]);
  });
});

describe('a blank drawing', () => {
  const svg = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="70" height="70">${inner}</svg>`;

  it('has no shape, picture or text outside its definitions', () => {
    expect(isBlankSvg(svg(''))).toBe(true);
    expect(isBlankSvg(svg('<title>Chip</title><desc>A chip</desc><!-- <rect width="9" height="9"/> -->'))).toBe(true);
    expect(isBlankSvg(svg('<defs><circle id="c" r="9"/></defs><style>.a{fill:red}</style>'))).toBe(true);
    expect(isBlankSvg(svg('<g><path d=""/><polygon points=" "/><text> </text></g>'))).toBe(true);
  });

  it('draws with a shape, a path, a use of a definition, a picture or text', () => {
    expect(isBlankSvg(svg('<rect width="70" height="70"/>'))).toBe(false);
    expect(isBlankSvg(svg('<g><path d="M0 0L9 9"/></g>'))).toBe(false);
    expect(isBlankSvg(svg('<defs><circle id="c" r="9"/></defs><use href="#c"/>'))).toBe(false);
    expect(isBlankSvg(svg('<text x="4" y="40">25</text>'))).toBe(false);
    expect(isBlankSvg(svg('<polyline points="0,0 9,9"/>'))).toBe(false);
  });
});
