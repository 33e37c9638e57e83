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
  // Spaced capitals suit a cased script (Latin, Cyrillic); spacing would pull apart the joined letters of Arabic, Urdu,
  // Devanagari and Bengali, whose lines are drawn unspaced (and are shorter than the drawing at this size).
  const cased = text !== text.toLocaleLowerCase(lang);
  const tagStart = svg.lastIndexOf('<text', at);
  let opening = svg.slice(tagStart, at);
  if (!cased) opening = opening.replace(/\sletter-spacing="[^"]*"/, ' letter-spacing="0"');
  // The English line spans about 298 of the 300 units at 23 spaced capitals; a longer one is squeezed to fit.
  const fit = cased && text.length > DEFAULT_BRAND_TAGLINE.length ? ' textLength="298" lengthAdjust="spacingAndGlyphs"' : '';
  return `${svg.slice(0, tagStart)}${opening}${fit}>${escapeXml(text)}</text>${svg.slice(at + BAKED.length)}`;
}
