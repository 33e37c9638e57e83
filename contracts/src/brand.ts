import { z } from 'zod';

/** The id of the brand drawn when the URL names none (seeded from the product's own drawings). */
export const DEFAULT_BRAND_ID = 'bahati';

/**
 * The tagline the default brand's `taglineSvg` is drawn with (English): the client writes the player's language
 * in its place. A brand whose drawing does not hold it (every uploaded one) is shown as drawn.
 */
export const DEFAULT_BRAND_TAGLINE = 'PROVABLY FAIR BLACKJACK';

/** Largest SVG a brand field may hold, in bytes of UTF-8. */
export const MAX_BRAND_SVG_BYTES = 100 * 1024;

/** Each SVG field of a brand and the size (its `width`/`height`, or its `viewBox`) it must be drawn at. */
export const BRAND_SVG_SIZES = {
  logoSvg: { width: 48, height: 48 },
  taglineSvg: { width: 300, height: 48 },
  cardSvg: { width: 60, height: 80 },
  chip1Svg: { width: 70, height: 70 },
  chip2Svg: { width: 70, height: 70 },
  chip3Svg: { width: 70, height: 70 },
  chip4Svg: { width: 70, height: 70 },
  tableLargeSvg: { width: 800, height: 600 },
  tableSmallSvg: { width: 400, height: 500 },
} as const;
export type BrandSvgField = keyof typeof BRAND_SVG_SIZES;
export const BRAND_SVG_FIELDS = Object.keys(BRAND_SVG_SIZES) as BrandSvgField[];

/**
 * A text field: "Required" when it is missing, as when it is empty. Every schema below is built by a call
 * that starts with `z.`, which the client's bundler knows to be pure: the client takes the sizes from this
 * module and must not take zod with them (client/vite.config.ts).
 */
const TEXT = { error: (issue: { input?: unknown }) => (issue.input === undefined ? 'Required' : 'Must be text') };

/** A brand id: what `?id=` names in a URL and what follows `brand-` in the brand's stream. */
export const BrandId = z
  .string(TEXT)
  .trim()
  .min(2, 'An id has at least 2 characters')
  .max(40, 'An id has at most 40 characters')
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'Lower-case letters, digits and - only, starting with a letter or digit');

/** `#rrggbb`: the brand's accent colour. */
const COLOUR = /^#[0-9a-fA-F]{6}$/;
const COLOUR_MESSAGE = 'A colour is # and six hex digits, e.g. #d9a93b';
export const BrandColour = z.string().regex(COLOUR, COLOUR_MESSAGE);

/** Spec §3: a brand saved without a colour is drawn in black. */
export const DEFAULT_BRAND_COLOUR = '#000000';

const svgField = z.string(TEXT).min(1, 'Required');

/** Spec §3 Brand. The SVG fields hold sanitised markup once stored. */
export const Brand = z.object({
  id: BrandId,
  name: z.string(TEXT).trim().min(1, 'Required').max(80, 'At most 80 characters'),
  siteName: z.string(TEXT).trim().min(1, 'Required').max(80, 'At most 80 characters'),
  colour: z.string().regex(COLOUR, COLOUR_MESSAGE).default(DEFAULT_BRAND_COLOUR),
  logoSvg: svgField,
  taglineSvg: svgField,
  cardSvg: svgField,
  chip1Svg: svgField,
  chip2Svg: svgField,
  chip3Svg: svgField,
  chip4Svg: svgField,
  tableLargeSvg: svgField,
  tableSmallSvg: svgField,
});
export type Brand = z.infer<typeof Brand>;
export const BrandList = z.array(Brand);

/** The answer to saving a brand: the brand as stored, and what the sanitiser removed from each SVG field. */
export const BrandSaveResponse = z.object({
  brand: Brand,
  created: z.boolean(),
  /** One line per removed part, e.g. `chip1Svg: <script> element`; empty when nothing was removed. */
  removed: z.array(z.string()),
});
export type BrandSaveResponse = z.infer<typeof BrandSaveResponse>;

/**
 * The answer to previewing a brand (`POST admin/brands/preview`): checked as a save is, its drawings sanitised,
 * nothing stored. `blanked` names each drawing the sanitiser left with nothing to draw.
 */
export const BrandPreviewResponse = z.object({
  brand: Brand,
  removed: z.array(z.string()),
  blanked: z.array(z.enum(Object.keys(BRAND_SVG_SIZES) as [BrandSvgField, ...BrandSvgField[]])),
});
export type BrandPreviewResponse = z.infer<typeof BrandPreviewResponse>;

/** A brand as admins list it (`GET admin/brands`): retired ones too, with when, by whom and why. */
export const AdminBrand = Brand.extend({
  retired: z.object({ at: z.string(), by: z.string(), reason: z.string() }).nullable(),
});
export type AdminBrand = z.infer<typeof AdminBrand>;
export const AdminBrandList = z.array(AdminBrand);

/** `GET players/brand?id=`: no id (or an empty one) names the default brand. */
export const BrandQuery = z.object({ id: z.string().optional() });
export type BrandQuery = z.infer<typeof BrandQuery>;
