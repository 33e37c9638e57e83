import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Geometry, TableSize } from './table-layout';

interface Shape {
  rail: string;
  felt: string;
  trim: string;
  arc1: string;
  arc2: string;
  arc1Size: number;
  arc2Size: number;
  tray: { x: number; y: number; w: number; h: number };
  discard: { x: number; y: number };
  brandY: number;
}

const SHAPES: Record<TableSize, Shape> = {
  large: {
    rail: 'M0 40Q0 0 40 0H760Q800 0 800 40V300C800 530 680 600 400 600C120 600 0 530 0 300Z',
    felt: 'M16 46Q16 14 48 14H752Q784 14 784 46V300C784 516 666 580 400 580C134 580 16 516 16 300Z',
    trim: 'M24 50Q24 22 52 22H748Q776 22 776 50V300C776 508 660 572 400 572C140 572 24 508 24 300Z',
    arc1: 'M170 160Q400 270 630 160',
    arc2: 'M204 198Q400 306 596 198',
    arc1Size: 21,
    arc2Size: 11.5,
    tray: { x: 236, y: 504, w: 328, h: 76 },
    discard: { x: 46, y: 26 },
    brandY: 594,
  },
  small: {
    rail: 'M0 28Q0 0 28 0H372Q400 0 400 28V300C400 450 330 500 200 500C70 500 0 450 0 300Z',
    felt: 'M11 36Q11 11 36 11H364Q389 11 389 36V300C389 438 322 487 200 487C78 487 11 438 11 300Z',
    trim: 'M17 40Q17 17 40 17H360Q383 17 383 40V300C383 432 318 481 200 481C82 481 17 432 17 300Z',
    arc1: 'M50 164Q200 240 350 164',
    arc2: 'M34 186Q200 266 366 186',
    arc1Size: 13,
    arc2Size: 7.6,
    tray: { x: 62, y: 406, w: 276, h: 64 },
    discard: { x: 20, y: 18 },
    brandY: 496,
  },
};

/** The Bahati felt: rail, printed rules, insurance line, bet spot, chip tray, shoe and discard tray. */
export const FeltTable = memo(function FeltTable({ size, geometry, discarded }: { size: TableSize; geometry: Geometry; discarded: number }) {
  const { t } = useTranslation();
  const id = useId();
  const s = SHAPES[size];
  const { width, height, shoe, bet } = geometry;
  const k = size === 'large' ? 1 : 0.8;
  return (
    <svg viewBox={`0 0 ${width} ${height}`} width={width} height={height} aria-hidden="true" focusable="false" style={{ display: 'block' }}>
      <defs>
        <radialGradient id={`${id}-felt`} cx="0.5" cy="0.42" r="0.7">
          <stop offset="0" stopColor="#1f8a59" />
          <stop offset="0.55" stopColor="#136a43" />
          <stop offset="1" stopColor="#0a4129" />
        </radialGradient>
        <linearGradient id={`${id}-rail`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#3b2616" />
          <stop offset="0.5" stopColor="#24170d" />
          <stop offset="1" stopColor="#140c06" />
        </linearGradient>
        <linearGradient id={`${id}-gold`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f7dc8a" />
          <stop offset="0.5" stopColor="#d9a93b" />
          <stop offset="1" stopColor="#8a6420" />
        </linearGradient>
        <pattern id={`${id}-back`} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="6" height="6" fill="#0d4a30" />
          <path d="M0 0H6M0 0V6" stroke="#f0c85a" strokeOpacity="0.35" strokeWidth="0.8" />
        </pattern>
        <pattern id={`${id}-weave`} width="4" height="4" patternUnits="userSpaceOnUse">
          <path d="M0 4L4 0" stroke="#000" strokeOpacity="0.06" strokeWidth="1" />
        </pattern>
        <path id={`${id}-arc1`} d={s.arc1} />
        <path id={`${id}-arc2`} d={s.arc2} />
      </defs>

      <path d={s.rail} fill={`url(#${id}-rail)`} />
      <path d={s.rail} fill="none" stroke="#000" strokeOpacity="0.5" strokeWidth="2" />
      <path d={s.felt} fill={`url(#${id}-felt)`} />
      <path d={s.felt} fill={`url(#${id}-weave)`} />
      <path d={s.felt} fill="none" stroke={`url(#${id}-gold)`} strokeWidth={2 * k} />
      <path d={s.trim} fill="none" stroke="#f0c85a" strokeOpacity="0.22" strokeWidth="1" strokeDasharray="3 5" />

      <text fill="#f0c85a" fillOpacity="0.9" fontFamily="Georgia, 'Times New Roman', serif" fontWeight="700" fontSize={s.arc1Size} letterSpacing={3 * k}>
        <textPath href={`#${id}-arc1`} startOffset="50%" textAnchor="middle">
          {t('game.felt.payout')}
        </textPath>
      </text>
      <text fill="#f6f0e0" fillOpacity="0.62" fontFamily="system-ui, sans-serif" fontWeight="600" fontSize={s.arc2Size} letterSpacing={2 * k}>
        <textPath href={`#${id}-arc2`} startOffset="50%" textAnchor="middle">
          {t('game.felt.rules')}
        </textPath>
      </text>

      {/* bet spot */}
      <circle cx={bet.x} cy={bet.y} r={bet.r} fill="#000" fillOpacity="0.12" stroke="#f0c85a" strokeOpacity="0.6" strokeWidth={1.5 * k} />
      <circle cx={bet.x} cy={bet.y} r={bet.r - 5 * k} fill="none" stroke="#f0c85a" strokeOpacity="0.25" strokeWidth="1" strokeDasharray="2 3" />

      {/* chip tray */}
      <rect x={s.tray.x} y={s.tray.y} width={s.tray.w} height={s.tray.h} rx={s.tray.h / 2} fill="#000" fillOpacity="0.22" stroke="#f0c85a" strokeOpacity="0.18" />

      {/* discard tray */}
      <g transform={`translate(${s.discard.x} ${s.discard.y}) scale(${k})`}>
        <rect x="0" y="0" width="74" height="94" rx="8" fill="#0d0a07" fillOpacity="0.55" stroke="#f0c85a" strokeOpacity="0.3" />
        <rect x="7" y="7" width="60" height="80" rx="5" fill="none" stroke="#f0c85a" strokeOpacity="0.14" strokeDasharray="3 3" />
        {Array.from({ length: Math.min(16, Math.ceil(discarded / 4)) }, (_, i) => (
          <rect
            key={i}
            x="7"
            y={7 - i * 0.9}
            width="60"
            height="80"
            rx="5"
            fill={`url(#${id}-back)`}
            stroke="#f0c85a"
            strokeOpacity="0.55"
            strokeWidth="0.7"
            transform={`rotate(${((i * 37) % 7) - 3} 37 47)`}
          />
        ))}
      </g>

      {/* shoe */}
      <g>
        <rect x={shoe.x - 12} y={shoe.y - 10} width={84} height={102} rx="10" fill="#0b0805" stroke={`url(#${id}-gold)`} strokeWidth="1.5" />
        <rect x={shoe.x - 4} y={shoe.y - 3} width={68} height={88} rx="6" fill="#1b130b" />
        {[3, 2, 1].map((i) => (
          <rect key={i} x={shoe.x + i * 1.2} y={shoe.y + i * 1.2} width="60" height="80" rx="5" fill={`url(#${id}-back)`} stroke="#f0c85a" strokeOpacity="0.5" strokeWidth="0.7" />
        ))}
      </g>

      <text x={width / 2} y={s.brandY} textAnchor="middle" fill="#f0c85a" fillOpacity="0.75" fontFamily="Georgia, 'Times New Roman', serif" fontSize={size === 'large' ? 11 : 8} letterSpacing={size === 'large' ? 8 : 5}>
        BAHATI
      </text>
    </svg>
  );
});
