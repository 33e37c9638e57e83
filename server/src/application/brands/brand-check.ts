import { BRAND_SVG_FIELDS, BRAND_SVG_SIZES, Brand, type BrandSvgField, MAX_BRAND_SVG_BYTES } from '@bahati/contracts';
import { ValidationError, type ValidationIssue } from '../errors';
import type { SvgSanitizer } from '../ports/svg-sanitizer';

export interface CheckedBrand {
  /** The brand to store: its drawings sanitised. */
  brand: Brand;
  /** One line per part the sanitiser removed, naming the field (`chip1Svg: <script> element`). */
  removed: string[];
}

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
    for (const line of result.removed) removed.push(`${field}: ${line}`);
  }
  if (!parsed.success || issues.length) throw new ValidationError([...issues].sort((a, b) => rank(a.path) - rank(b.path)));
  return { brand: { ...parsed.data, ...drawings }, removed };
}
