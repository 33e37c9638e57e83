import { type Brand, DEFAULT_BRAND_ID, DEFAULT_BRAND_TAGLINE } from '@bahati/contracts';

/*
 * The Bahati brand, seeded at start-up when its stream does not exist yet: the drawings the client drew
 * itself before brands came, as static SVG. Each is already in the form the SVG sanitiser keeps, so the
 * seeded brand is stored exactly as written here. Gradient and pattern ids are fixed and distinct per
 * drawing. The table carries no printed text in a player's language: the client prints the payout and
 * the rules over it.
 */

const GOLD = '#d9a93b';
const SERIF = "Georgia, 'Times New Roman', serif";

const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">
  <defs>
    <linearGradient id="logo-ring" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#f7dc8a"/>
      <stop offset="0.5" stop-color="#d9a93b"/>
      <stop offset="1" stop-color="#8a6420"/>
    </linearGradient>
    <radialGradient id="logo-felt" cx="0.5" cy="0.35" r="0.7">
      <stop offset="0" stop-color="#1d7a51"/>
      <stop offset="1" stop-color="#062417"/>
    </radialGradient>
  </defs>
  <circle cx="24" cy="24" r="23" fill="url(#logo-ring)"/>
  <circle cx="24" cy="24" r="19.5" fill="url(#logo-felt)"/>
  <circle cx="24" cy="24" r="19.5" fill="none" stroke="#f0c85a" stroke-opacity="0.35" stroke-dasharray="2 3.1"/>
  <path d="M24 11.5c-2.9 4-10 8-10 13.6 0 3.1 2.4 5.4 5.3 5.4 1.6 0 3-.6 3.8-1.6-.3 2.5-1.2 4.3-2.7 5.6h7.2c-1.5-1.3-2.4-3.1-2.7-5.6.8 1 2.2 1.6 3.8 1.6 2.9 0 5.3-2.3 5.3-5.4 0-5.6-7.1-9.6-10-13.6z" fill="url(#logo-ring)"/>
</svg>`;

/** The header's word mark (display serif in a gold gradient) over the tagline (small capitals, muted green-grey). */
const taglineSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="48" viewBox="0 0 300 48">
  <defs>
    <linearGradient id="tagline-gold" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#f7dc8a"/>
      <stop offset="1" stop-color="#d9a93b"/>
    </linearGradient>
  </defs>
  <text x="1" y="24" fill="url(#tagline-gold)" font-family="ui-serif, Georgia, 'Palatino Linotype', 'Times New Roman', serif" font-size="25" font-weight="700" letter-spacing="0.25">Bahati</text>
  <text x="1" y="41" fill="#7d958a" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" font-size="10.9" letter-spacing="1.75">${DEFAULT_BRAND_TAGLINE}</text>
</svg>`;

/** The card back: cream border, felt-green field under a gold lattice, a gold spade in a ring. */
const cardSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="60" height="80" viewBox="0 0 60 80">
  <defs>
    <pattern id="card-lattice" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
      <path d="M0 0H6M0 0V6" stroke="#f0c85a" stroke-opacity="0.28" stroke-width="0.8"/>
    </pattern>
    <radialGradient id="card-felt" cx="0.5" cy="0.45" r="0.75">
      <stop offset="0" stop-color="#177049"/>
      <stop offset="1" stop-color="#06281a"/>
    </radialGradient>
  </defs>
  <rect x="0.5" y="0.5" width="59" height="79" rx="5" fill="#fdf8ea" stroke="#c9b98f" stroke-width="0.6"/>
  <rect x="3" y="3" width="54" height="74" rx="3.5" fill="url(#card-felt)"/>
  <rect x="3" y="3" width="54" height="74" rx="3.5" fill="url(#card-lattice)"/>
  <rect x="5.5" y="5.5" width="49" height="69" rx="2.5" fill="none" stroke="#f0c85a" stroke-opacity="0.7" stroke-width="0.7"/>
  <circle cx="30" cy="40" r="11.5" fill="#06281a" stroke="#f0c85a" stroke-width="1.2"/>
  <circle cx="30" cy="40" r="9" fill="none" stroke="#f0c85a" stroke-opacity="0.45" stroke-width="0.6" stroke-dasharray="1.2 1.4"/>
  <path d="M5 0C5.9 1.3 10 3.9 10 6.4 10 7.9 8.9 8.9 7.5 8.9 6.6 8.9 5.9 8.5 5.4 7.8 5.5 8.8 5.9 9.5 6.6 10H3.4C4.1 9.5 4.5 8.8 4.6 7.8 4.1 8.5 3.4 8.9 2.5 8.9 1.1 8.9 0 7.9 0 6.4 0 3.9 4.1 1.3 5 0Z" fill="#f0c85a" transform="translate(30 40) scale(1) translate(-5 -5)"/>
</svg>`;

interface ChipStyle {
  n: 1 | 2 | 3 | 4;
  base: string;
  edge: string;
  inner: string;
  text: string;
  label: string;
}

/** A chip (spec §9: 1k, 5k, 25k, 100k), each its own colour: edge inserts, inlay, value, shine. */
function chip({ n, base, edge, inner, text, label }: ChipStyle): string {
  const fontSize = label.length > 3 ? 14 : label.length > 2 ? 16 : 18;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="70" height="70" viewBox="0 0 70 70">
  <defs>
    <radialGradient id="chip${n}-shine" cx="0.35" cy="0.3" r="0.8">
      <stop offset="0" stop-color="#fff" stop-opacity="0.35"/>
      <stop offset="0.6" stop-color="#fff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <circle cx="35" cy="35" r="33.5" fill="${base}" stroke="rgba(0,0,0,0.35)" stroke-width="1"/>
  <circle cx="35" cy="35" r="29" fill="none" stroke="${edge}" stroke-width="8" stroke-dasharray="9.1 6.08" transform="rotate(-12 35 35)"/>
  <circle cx="35" cy="35" r="23.5" fill="${inner}" stroke="${edge}" stroke-opacity="0.85" stroke-width="1.2"/>
  <circle cx="35" cy="35" r="20.5" fill="none" stroke="${edge}" stroke-opacity="0.55" stroke-width="0.8" stroke-dasharray="1.6 2.2"/>
  <text x="35" y="35" dy="0.36em" text-anchor="middle" font-family="${SERIF}" font-weight="700" font-size="${fontSize}" fill="${text}">${label}</text>
  <circle cx="35" cy="35" r="33.5" fill="url(#chip${n}-shine)"/>
</svg>`;
}

interface TableShape {
  key: 'large' | 'small';
  width: number;
  height: number;
  rail: string;
  felt: string;
  trim: string;
  /** The small table draws its lines and trays at 0.8 of the large one's. */
  k: { scale: number; gold: number };
  tray: { x: number; y: number; w: number; h: number };
  discard: { x: number; y: number };
  shoe: { x: number; y: number };
  name: { y: number; size: number; spacing: number };
}

/**
 * The felt table: wooden rail, felt with its weave, gold line and dashed trim, the chip tray,
 * the discard tray and the shoe. The client draws the bet spot, the cards in the shoe and the discard pile, and prints
 * the payout and rules arcs in the player's language.
 */
function table(s: TableShape): string {
  const id = (name: string) => `table-${s.key}-${name}`;
  const { tray, discard, shoe, k } = s;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s.width}" height="${s.height}" viewBox="0 0 ${s.width} ${s.height}">
  <defs>
    <radialGradient id="${id('felt')}" cx="0.5" cy="0.42" r="0.7">
      <stop offset="0" stop-color="#1f8a59"/>
      <stop offset="0.55" stop-color="#136a43"/>
      <stop offset="1" stop-color="#0a4129"/>
    </radialGradient>
    <linearGradient id="${id('rail')}" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#3b2616"/>
      <stop offset="0.5" stop-color="#24170d"/>
      <stop offset="1" stop-color="#140c06"/>
    </linearGradient>
    <linearGradient id="${id('gold')}" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#f7dc8a"/>
      <stop offset="0.5" stop-color="#d9a93b"/>
      <stop offset="1" stop-color="#8a6420"/>
    </linearGradient>
    <pattern id="${id('weave')}" width="4" height="4" patternUnits="userSpaceOnUse">
      <path d="M0 4L4 0" stroke="#000" stroke-opacity="0.06" stroke-width="1"/>
    </pattern>
  </defs>
  <path d="${s.rail}" fill="url(#${id('rail')})"/>
  <path d="${s.rail}" fill="none" stroke="#000" stroke-opacity="0.5" stroke-width="2"/>
  <path d="${s.felt}" fill="url(#${id('felt')})"/>
  <path d="${s.felt}" fill="url(#${id('weave')})"/>
  <path d="${s.felt}" fill="none" stroke="url(#${id('gold')})" stroke-width="${k.gold}"/>
  <path d="${s.trim}" fill="none" stroke="#f0c85a" stroke-opacity="0.22" stroke-width="1" stroke-dasharray="3 5"/>
  <rect x="${tray.x}" y="${tray.y}" width="${tray.w}" height="${tray.h}" rx="${tray.h / 2}" fill="#000" fill-opacity="0.22" stroke="#f0c85a" stroke-opacity="0.18"/>
  <g transform="translate(${discard.x} ${discard.y}) scale(${k.scale})">
    <rect x="0" y="0" width="74" height="94" rx="8" fill="#0d0a07" fill-opacity="0.55" stroke="#f0c85a" stroke-opacity="0.3"/>
    <rect x="7" y="7" width="60" height="80" rx="5" fill="none" stroke="#f0c85a" stroke-opacity="0.14" stroke-dasharray="3 3"/>
  </g>
  <rect x="${shoe.x - 12}" y="${shoe.y - 10}" width="84" height="102" rx="10" fill="#0b0805" stroke="url(#${id('gold')})" stroke-width="1.5"/>
  <rect x="${shoe.x - 4}" y="${shoe.y - 3}" width="68" height="88" rx="6" fill="#1b130b"/>
  <text x="${s.width / 2}" y="${s.name.y}" text-anchor="middle" fill="#f0c85a" fill-opacity="0.75" font-family="${SERIF}" font-size="${s.name.size}" letter-spacing="${s.name.spacing}">BAHATI</text>
</svg>`;
}

const tableLargeSvg = table({
  key: 'large',
  width: 800,
  height: 600,
  rail: 'M0 40Q0 0 40 0H760Q800 0 800 40V300C800 530 680 600 400 600C120 600 0 530 0 300Z',
  felt: 'M16 46Q16 14 48 14H752Q784 14 784 46V300C784 516 666 580 400 580C134 580 16 516 16 300Z',
  trim: 'M24 50Q24 22 52 22H748Q776 22 776 50V300C776 508 660 572 400 572C140 572 24 508 24 300Z',
  k: { scale: 1, gold: 2 },
  tray: { x: 236, y: 504, w: 328, h: 76 },
  discard: { x: 46, y: 26 },
  shoe: { x: 694, y: 26 },
  name: { y: 594, size: 11, spacing: 8 },
});

const tableSmallSvg = table({
  key: 'small',
  width: 400,
  height: 500,
  rail: 'M0 28Q0 0 28 0H372Q400 0 400 28V300C400 450 330 500 200 500C70 500 0 450 0 300Z',
  felt: 'M11 36Q11 11 36 11H364Q389 11 389 36V300C389 438 322 487 200 487C78 487 11 438 11 300Z',
  trim: 'M17 40Q17 17 40 17H360Q383 17 383 40V300C383 432 318 481 200 481C82 481 17 432 17 300Z',
  k: { scale: 0.8, gold: 1.6 },
  tray: { x: 62, y: 406, w: 276, h: 64 },
  discard: { x: 20, y: 18 },
  shoe: { x: 324, y: 14 },
  name: { y: 496, size: 8, spacing: 5 },
});

/** The default brand (`DEFAULT_BRAND_ID`): drawn when a visit names no brand, or one that does not exist. */
export const DEFAULT_BRAND: Brand = {
  id: DEFAULT_BRAND_ID,
  name: 'Bahati',
  siteName: 'Bahati',
  colour: GOLD,
  logoSvg,
  taglineSvg,
  cardSvg,
  chip1Svg: chip({ n: 1, base: '#f3efe4', edge: '#2a6fb0', inner: '#e4dccb', text: '#1f4f80', label: '1K' }),
  chip2Svg: chip({ n: 2, base: '#c3303c', edge: '#f6f0e0', inner: '#a9252f', text: '#fff6ea', label: '5K' }),
  chip3Svg: chip({ n: 3, base: '#1f7f6a', edge: '#f6f0e0', inner: '#176553', text: '#fff6ea', label: '25K' }),
  chip4Svg: chip({ n: 4, base: '#17181c', edge: '#e2b552', inner: '#26272d', text: '#f0c85a', label: '100K' }),
  tableLargeSvg,
  tableSmallSvg,
};
