/** What an SVG must be to be kept: its drawing size and its largest size in bytes of UTF-8. */
export interface SvgRules {
  width: number;
  height: number;
  maxBytes: number;
}

export type SanitizedSvg =
  /** `svg`: the markup to store; `removed`: one line per part taken out (`<script> element`, `onload attribute on <svg>`). */
  | { ok: true; svg: string; removed: string[] }
  /** Not kept at all: not SVG, not well-formed, too large, or not drawn at the size asked for. */
  | { ok: false; problems: string[] };

/**
 * Makes SVG markup from an admin safe to store and to draw in every player's browser: keeps what draws,
 * removes whatever could run script or load anything from outside the document (scripts, event
 * handlers, foreign content, links other than `#id`, styles that import or load, entities and DTDs),
 * and says what it removed. The same markup sanitised twice comes out the same.
 */
export abstract class SvgSanitizer {
  abstract sanitize(markup: string, rules: SvgRules): Promise<SanitizedSvg>;
}
