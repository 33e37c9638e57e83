import { memo } from 'react';
import type { Suit } from '@bahati/contracts';
import { useBrand } from '@/lib/brand/brand-provider';
import { isRedSuit, SuitGlyph } from './suit-glyph';
import styles from './playing-card.module.css';

/** Card designs are drawn on a 60×80 grid (spec: the brand's card SVG is 60×80). */
export const CARD_W = 60;
export const CARD_H = 80;

const RANK_TEXT = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const RED = '#c62f3b';
const BLACK = '#1d2226';

type Pip = readonly [x: number, y: number];
const L = 20;
const C = 30;
const R = 40;
const SIDES_6: Pip[] = [[L, 16], [R, 16], [L, 40], [R, 40], [L, 64], [R, 64]];
const SIDES_8: Pip[] = [[L, 16], [R, 16], [L, 32], [R, 32], [L, 48], [R, 48], [L, 64], [R, 64]];
const PIPS: Record<number, Pip[]> = {
  2: [[C, 16], [C, 64]],
  3: [[C, 16], [C, 40], [C, 64]],
  4: [[L, 16], [R, 16], [L, 64], [R, 64]],
  5: [[L, 16], [R, 16], [C, 40], [L, 64], [R, 64]],
  6: SIDES_6,
  7: [...SIDES_6, [C, 28]],
  8: [...SIDES_6, [C, 28], [C, 52]],
  9: [...SIDES_8, [C, 40]],
  10: [...SIDES_8, [C, 24], [C, 56]],
};

export interface PlayingCardProps {
  suit: Suit | null;
  /** 1 ace … 13 king; 0 (or faceDown) draws the back. */
  rank: number;
  faceDown?: boolean;
  /** Rendered width in px (height follows 3:4). */
  width?: number;
  /** Accessible name; decorative (hidden) when absent. */
  label?: string;
  className?: string;
}

/** The brand's card back (its 60×80 drawing); nothing while the brand loads, so no other back shows. */
function CardBack() {
  const { images } = useBrand();
  return images ? <image href={images.cardSvg} x="0" y="0" width={CARD_W} height={CARD_H} /> : null;
}

function CardFace({ suit, rank }: { suit: Suit; rank: number }) {
  const color = isRedSuit(suit) ? RED : BLACK;
  const text = RANK_TEXT[rank] ?? '?';
  const corner = (
    <g fill={color}>
      <text x="7" y="13.5" textAnchor="middle" fontSize={rank === 10 ? 10 : 11.5} fontWeight="700" fontFamily="Georgia, 'Times New Roman', serif" letterSpacing={rank === 10 ? -0.8 : 0}>
        {text}
      </text>
      <SuitGlyph suit={suit} x={7} y={20} size={6.5} />
    </g>
  );
  let centre;
  if (rank === 1) {
    centre = (
      <g fill={color}>
        {suit === 'Spade' ? <circle cx="30" cy="40" r="17" fill="none" stroke="#b5862a" strokeWidth="1" strokeDasharray="2 1.6" /> : null}
        <SuitGlyph suit={suit} x={30} y={40} size={suit === 'Spade' ? 22 : 24} />
      </g>
    );
  } else if (rank >= 11) {
    centre = (
      <g>
        <rect x="13.5" y="10" width="33" height="60" rx="3" fill={isRedSuit(suit) ? '#fbecea' : '#eef0ea'} stroke="#b5862a" strokeWidth="0.9" />
        <rect x="15.5" y="12" width="29" height="56" rx="2" fill="none" stroke="#b5862a" strokeOpacity="0.5" strokeWidth="0.5" />
        <path d="M22 21l2.6 3 2.7-4.2L30 24l2.7-4.2 2.7 4.2 2.6-3-1.2 6.2H23.2z" fill="#d9a93b" stroke="#8a6420" strokeWidth="0.4" />
        <text x="30" y="50" textAnchor="middle" fontSize="21" fontWeight="700" fontFamily="Georgia, 'Times New Roman', serif" fill={color}>
          {text}
        </text>
        <SuitGlyph suit={suit} x={30} y={60} size={7.5} fill={color} />
      </g>
    );
  } else {
    centre = (
      <g fill={color}>
        {(PIPS[rank] ?? []).map(([x, y], i) => (
          <SuitGlyph key={i} suit={suit} x={x} y={y} size={10} flip={y > 40} />
        ))}
      </g>
    );
  }
  return (
    <>
      <rect x="0.5" y="0.5" width="59" height="79" rx="5" fill="#fffdf7" stroke="#cfc6b0" strokeWidth="0.7" />
      {corner}
      <g transform="rotate(180 30 40)">{corner}</g>
      {centre}
    </>
  );
}

/** Small cards (ledger, verification grid): the rank and suit large, no pips, so they stay legible. */
function MiniFace({ suit, rank }: { suit: Suit; rank: number }) {
  const color = isRedSuit(suit) ? RED : BLACK;
  const text = RANK_TEXT[rank] ?? '?';
  return (
    <>
      <rect x="0.5" y="0.5" width="59" height="79" rx="6" fill="#fffdf7" stroke="#cfc6b0" strokeWidth="1" />
      <text
        x="30"
        y="37"
        textAnchor="middle"
        fontSize={rank === 10 ? 29 : 34}
        fontWeight="700"
        fontFamily="Georgia, 'Times New Roman', serif"
        letterSpacing={rank === 10 ? -2 : 0}
        fill={color}
      >
        {text}
      </text>
      <SuitGlyph suit={suit} x={30} y={59} size={26} fill={color} />
    </>
  );
}

/** A playing card drawn as SVG: face (rank, suit pips, red or black) or the brand's back. */
export const PlayingCard = memo(function PlayingCard({ suit, rank, faceDown, width = CARD_W, label, className }: PlayingCardProps) {
  const down = faceDown || rank === 0 || !suit;
  return (
    <svg
      className={`${styles.card} ${className ?? ''}`}
      width={width}
      height={(width * CARD_H) / CARD_W}
      viewBox={`0 0 ${CARD_W} ${CARD_H}`}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      {down ? <CardBack /> : width < 42 ? <MiniFace suit={suit} rank={rank} /> : <CardFace suit={suit} rank={rank} />}
    </svg>
  );
});
