import { BRAND_SVG_FIELDS, BRAND_SVG_SIZES, Brand, type BrandSvgField, MAX_BRAND_SVG_BYTES } from '@bahati/contracts';
import { ValidationError, type ValidationIssue } from '../errors';
import type { SvgSanitizer } from '../ports/svg-sanitizer';

export interface CheckedBrand {
  /** The brand to store: its drawings sanitised. */
  brand: Brand;
  /** One line per part the sanitiser removed, naming the field (`chip1Svg: <script> element`). */
  removed: string[];
  /** The drawings the sanitiser left with nothing to draw. */
  blanked: BrandSvgField[];
}

/** Parts of an SVG that never draw by themselves: definitions, descriptions, styles, comments. */
const NOT_DRAWN = /<!--[\s\S]*?-->|<(defs|title|desc|metadata|style|symbol|clipPath|mask|pattern|linearGradient|radialGradient|filter|marker)\b[\s\S]*?<\/\1\s*>|<(defs|title|desc|metadata|style|symbol|clipPath|mask|pattern|linearGradient|radialGradient|filter|marker)\b[^>]*\/>/gi;
/** A shape with what it needs to be drawn: a path's `d`, a polygon's `points`, a use's or image's link, or any other shape. */
const DRAWS = /<(rect|circle|ellipse|line)\b|<path\b[^>]*\sd\s*=\s*["'][^"']*[^"'\s]|<(polygon|polyline)\b[^>]*\spoints\s*=\s*["'][^"']*[^"'\s]|<(use|image)\b[^>]*\s(xlink:)?href\s*=\s*["'][^"']*[^"'\s]|<(text|tspan|textPath)\b[^>]*>\s*[^<\s]/i;

/**
 * Whether sanitised markup has nothing left to draw: once its definitions, descriptions and styles are set
 * aside, no shape, link to one, picture or text remains (a drawing made only of script or foreign content
 * comes out of the sanitiser as an empty `<svg>`).
 */
export const isBlankSvg = (svg: string): boolean => !DRAWS.test(svg.replace(NOT_DRAWN, ''));

const ORDER = ['(body)', 'id', 'name', 'siteName', 'colour', ...BRAND_SVG_FIELDS];
const rank = (path: string) => {
  const at = ORDER.indexOf(path);
  return at < 0 ? ORDER.length : at;
};

/**
 * A brand as an admin sent it, checked field by field and its drawings sanitised, before any command is
 * decided: every problem of every field is answered at once (`ValidationFailed` with one issue each),
 * so the admin can fix them all before saving again.
 */
export async function checkBrand(input: unknown, sanitizer: SvgSanitizer): Promise<CheckedBrand> {
  const parsed = Brand.safeParse(input);
  const issues: ValidationIssue[] = parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join('.') || '(body)', message: i.message }));
  const fields = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const drawings: Partial<Record<BrandSvgField, string>> = {};
  const removed: string[] = [];
  const blanked: BrandSvgField[] = [];
  for (const field of BRAND_SVG_FIELDS) {
    const markup = fields[field];
    // A missing or empty drawing is already an issue of the schema.
    if (typeof markup !== 'string' || markup.length === 0) continue;
    // Sanitising a large drawing takes a while: other requests are served between two drawings.
    if (field !== BRAND_SVG_FIELDS[0]) await new Promise<void>((resolve) => setImmediate(resolve));
    const result = await sanitizer.sanitize(markup, { ...BRAND_SVG_SIZES[field], maxBytes: MAX_BRAND_SVG_BYTES });
    if (!result.ok) {
      for (const problem of result.problems) issues.push({ path: field, message: problem });
      continue;
    }
    drawings[field] = result.svg;
    if (isBlankSvg(result.svg)) blanked.push(field);
    for (const line of result.removed) removed.push(`${field}: ${line}`);
  }
  if (!parsed.success || issues.length) throw new ValidationError([...issues].sort((a, b) => rank(a.path) - rank(b.path)));
  return { brand: { ...parsed.data, ...drawings }, removed, blanked };
}
