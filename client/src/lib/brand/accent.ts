/**
 * The accent palette (global.css `--gold-300` … `--gold-700`) follows the brand's colour, which is the
 * palette's middle shade (`--gold-500`, the default brand's gold): each shade keeps its hue, saturation
 * and lightness offset from it, so the default brand gives back the stock palette exactly and any other
 * colour a palette of the same shape.
 */
export const STOCK_ACCENT = '#d9a93b';

const STOCK_PALETTE = {
  '--gold-300': '#f7dc8a',
  '--gold-400': '#f0c85a',
  '--gold-500': '#d9a93b',
  '--gold-600': '#b5862a',
  '--gold-700': '#8a6420',
} as const;

export type AccentVariable = keyof typeof STOCK_PALETTE;
export const ACCENT_VARIABLES = Object.keys(STOCK_PALETTE) as AccentVariable[];

type Hsl = [h: number, s: number, l: number];

function toHsl(hex: string): Hsl {
  const n = Number.parseInt(hex.slice(1), 16);
  const r = ((n >> 16) & 255) / 255;
  const g = ((n >> 8) & 255) / 255;
  const b = (n & 255) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s, l];
}

function toHex([h, s, l]: Hsl): string {
  const a = s * Math.min(l, 1 - l);
  const channel = (k: number) => {
    const m = (k + h / 30) % 12;
    const v = l - a * Math.max(-1, Math.min(m - 3, 9 - m, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** Lightness (HSL) below which an accent is hard to read on the dark felt of the page. */
const MIN_ACCENT_LIGHTNESS = 0.5;

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** `#rrggbb` → the accent variables to set on the document; undefined for anything else. */
export function accentPalette(colour: string): Record<AccentVariable, string> | undefined {
  if (!/^#[0-9a-fA-F]{6}$/.test(colour)) return undefined;
  const [h, s, brandL] = toHsl(colour.toLowerCase());
  // The page is dark: a darker accent is lifted until links and lines on it stay readable.
  const l = Math.max(brandL, MIN_ACCENT_LIGHTNESS);
  const [h0, s0, l0] = toHsl(STOCK_ACCENT);
  const out = {} as Record<AccentVariable, string>;
  for (const name of ACCENT_VARIABLES) {
    const [hs, ss, ls] = toHsl(STOCK_PALETTE[name]);
    // A grey accent stays grey: its shades only lighten and darken.
    out[name] = toHex([(h + hs - h0 + 360) % 360, s === 0 ? 0 : clamp01(s + ss - s0), clamp01(l + ls - l0)]);
  }
  return out;
}
