import type { ParseKeys } from 'i18next';
import { BRAND_SVG_FIELDS, BRAND_SVG_SIZES, MAX_BRAND_SVG_BYTES, type Brand, type BrandSvgField } from '@bahati/contracts';

/** The contract's rules for a brand id and colour (`BrandId`, `BrandColour`), checked before sending. */
const BRAND_ID = /^[a-z0-9][a-z0-9-]*$/;
const COLOUR = /^#[0-9a-fA-F]{6}$/;

export type BrandField = keyof Brand;

export interface Check {
  field: BrandField;
  key: ParseKeys;
  values?: Record<string, string | number>;
}

export const svgBytes = (svg: string) => new TextEncoder().encode(svg).length;
export const MAX_SVG_KB = Math.round(MAX_BRAND_SVG_BYTES / 1024);

/**
 * What is plainly wrong before the brand is sent; the server checks everything again (sizes of the
 * drawings, what its sanitiser keeps) and has the last word.
 */
export function checkBrand(brand: Brand, isNew: boolean, takenIds: ReadonlySet<string>): Check[] {
  const checks: Check[] = [];
  if (isNew) {
    const id = brand.id.trim();
    if (id.length < 2 || id.length > 40 || !BRAND_ID.test(id)) checks.push({ field: 'id', key: 'adminBranding.check.id' });
    else if (takenIds.has(id)) checks.push({ field: 'id', key: 'adminBranding.check.idTaken' });
  }
  if (!brand.name.trim()) checks.push({ field: 'name', key: 'adminBranding.check.required' });
  if (!brand.siteName.trim()) checks.push({ field: 'siteName', key: 'adminBranding.check.required' });
  if (!COLOUR.test(brand.colour)) checks.push({ field: 'colour', key: 'adminBranding.check.colour' });
  for (const field of BRAND_SVG_FIELDS) {
    const svg = brand[field];
    if (!svg.trim()) checks.push({ field, key: 'adminBranding.check.required' });
    else if (!/<svg[\s>]/i.test(svg)) checks.push({ field, key: 'adminBranding.check.notSvg' });
    else if (svgBytes(svg) > MAX_BRAND_SVG_BYTES) checks.push({ field, key: 'adminBranding.check.tooLarge', values: { max: MAX_SVG_KB } });
  }
  return checks;
}

const length = (value: string | null) => {
  if (value === null) return undefined;
  const match = /^\s*([0-9.]+)\s*(px)?\s*$/.exec(value);
  return match ? Number(match[1]) : undefined;
};

/**
 * The size a drawing says it has (its `width`/`height`, else its `viewBox`), when it differs from the
 * size its field is drawn at: a hint while editing. Parsing as XML runs nothing.
 */
export function sizeMismatch(field: BrandSvgField, svg: string): { width: number; height: number } | undefined {
  if (!svg.trim()) return undefined;
  const root = new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement;
  if (root.nodeName.toLowerCase() !== 'svg') return undefined;
  let width = length(root.getAttribute('width'));
  let height = length(root.getAttribute('height'));
  if (width === undefined || height === undefined) {
    const box = (root.getAttribute('viewBox') ?? '').trim().split(/[\s,]+/).map(Number);
    if (box.length !== 4 || box.some((n) => !Number.isFinite(n))) return undefined;
    width ??= box[2]!;
    height ??= box[3]!;
  }
  const expected = BRAND_SVG_SIZES[field];
  return width === expected.width && height === expected.height ? undefined : { width, height };
}
