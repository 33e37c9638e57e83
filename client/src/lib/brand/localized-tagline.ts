import { DEFAULT_BRAND_TAGLINE } from '@bahati/contracts';

const BAKED = `>${DEFAULT_BRAND_TAGLINE}</text>`;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The default brand's tagline drawing with the tagline in the player's language (small capitals where the script
 * has them): the English words it was drawn with are replaced by `tagline`. A longer text is fitted to the
 * drawing's width. A drawing without those words (an admin's own) comes back unchanged.
 */
export function localizedTaglineSvg(svg: string, tagline: string, lang: string): string {
  const at = svg.indexOf(BAKED);
  if (at < 0 || !tagline.trim()) return svg;
  const text = tagline.trim().toLocaleUpperCase(lang);
  if (text === DEFAULT_BRAND_TAGLINE) return svg;
  // The English line spans about 298 of the 300 units at 23 characters; a longer one is squeezed to fit.
  const fit = text.length > DEFAULT_BRAND_TAGLINE.length ? ' textLength="298" lengthAdjust="spacingAndGlyphs"' : '';
  return `${svg.slice(0, at)}${fit}>${escapeXml(text)}</text>${svg.slice(at + BAKED.length)}`;
}
