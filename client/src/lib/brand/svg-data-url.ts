const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * A brand drawing as an image URL. Drawn through `<img>` (or SVG `<image>`), an SVG is an image
 * document: no script runs and nothing outside it is fetched, even if a stored drawing held either.
 * An `<svg>` root without the SVG namespace is given it, since an image document needs it to draw.
 */
export function svgDataUrl(svg: string): string {
  const withNamespace = /<svg\b[^>]*\sxmlns\s*=/i.test(svg) ? svg : svg.replace(/<svg\b/i, `<svg xmlns="${SVG_NS}"`);
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(withNamespace)}`;
}
