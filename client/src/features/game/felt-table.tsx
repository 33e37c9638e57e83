import { memo, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BrandImages } from '@/lib/brand/brand-provider';
import { CARD_H, CARD_W, type Geometry, type TableSize } from './table-layout';

/** What the client prints on the brand's felt: the two text arcs and where the discard pile lies. */
interface Print {
  arc1: string;
  arc2: string;
  arc1Size: number;
  arc2Size: number;
  discard: { x: number; y: number };
}

/*
 * The arcs lie between the dealer's score and the line the results of a settled hand take above its cards
 * (table-layout's resultLine): a badge over a hand of up to three cards (large table) or two (small, where
 * the arcs are flatter and a single hand's badge is one line) leaves the printed words clear.
 */
const PRINT: Record<TableSize, Print> = {
  large: {
    arc1: 'M170 140Q400 250 630 140',
    arc2: 'M196 170Q400 282 604 170',
    arc1Size: 21,
    arc2Size: 11.5,
    discard: { x: 46, y: 26 },
  },
  small: {
    arc1: 'M50 146Q200 178 350 146',
    arc2: 'M34 166Q200 194 366 166',
    arc1Size: 13,
    arc2Size: 7.6,
    discard: { x: 20, y: 18 },
  },
};

/** The printed text takes at most this share of its arc, so its ends never reach the arc's. */
const FILL = 0.96;

/**
 * How much each arc's text is scaled down to fit its arc in the player's language (1 when it fits at the
 * drawing's size): measured in the browser, again once the web fonts have loaded.
 */
function useFitToArcs(words: readonly string[], size: TableSize) {
  const texts = useRef<(SVGTextElement | null)[]>([]);
  const paths = useRef<(SVGPathElement | null)[]>([]);
  const [factors, setFactors] = useState<number[]>(() => words.map(() => 1));
  const key = words.join('\n');
  useLayoutEffect(() => {
    let live = true;
    const measure = () => {
      if (!live) return;
      const next = key.split('\n').map((_, i) => {
        const text = texts.current[i];
        const path = paths.current[i];
        // jsdom draws nothing: the text keeps its size there.
        if (!text || !path || typeof text.getComputedTextLength !== 'function' || typeof path.getTotalLength !== 'function') return 1;
        const current = Number(text.dataset.fit ?? 1);
        const natural = text.getComputedTextLength() / current;
        const room = path.getTotalLength() * FILL;
        return natural > room ? Math.floor((room / natural) * 1000) / 1000 : 1;
      });
      setFactors((before) => (before.length === next.length && before.every((f, i) => f === next[i]) ? before : next));
    };
    measure();
    void document.fonts?.ready.then(measure);
    return () => {
      live = false;
    };
  }, [key, size]);
  return { texts, paths, factors };
}

const ACCENT = { fill: 'var(--gold-400)' };
const ACCENT_LINE = { stroke: 'var(--gold-400)' };

/**
 * The table: the brand's drawing of it (spec §2: the large one from 800 px of width, the small one
 * below), and over it what the client prints in the player's language: the payout and the rules on
 * their arcs, the bet spot, the cards left in the shoe and the discard pile, all in the brand's card
 * back and accent colour.
 */
export const FeltTable = memo(function FeltTable({
  size,
  geometry,
  discarded,
  images,
  quiet = false,
}: {
  size: TableSize;
  geometry: Geometry;
  discarded: number;
  images: BrandImages;
  /** A settled round's results lie over the printed words (a tall or split hand): the print steps back behind them. */
  quiet?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const p = PRINT[size];
  const { width, height, shoe, bet } = geometry;
  const k = size === 'large' ? 1 : 0.8;
  const cardBack = images.cardSvg;
  const { texts, paths, factors } = useFitToArcs([t('game.felt.payout'), t('game.felt.rules')], size);
  const [fit1 = 1, fit2 = 1] = factors;
  return (
    <>
      <img
        src={size === 'large' ? images.tableLargeSvg : images.tableSmallSvg}
        width={width}
        height={height}
        alt=""
        draggable={false}
        style={{ display: 'block' }}
        data-testid="brand-table"
      />
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        aria-hidden="true"
        focusable="false"
        style={{ position: 'absolute', left: 0, top: 0 }}
      >
        <defs>
          <path id={`${id}-arc1`} d={p.arc1} ref={(el) => void (paths.current[0] = el)} />
          <path id={`${id}-arc2`} d={p.arc2} ref={(el) => void (paths.current[1] = el)} />
        </defs>

        {/* Each text at the drawing's size, or scaled down (letter spacing with it) until it fits its arc. */}
        <text
          ref={(el) => void (texts.current[0] = el)}
          data-fit={fit1}
          data-felt-print=""
          style={{ ...ACCENT, fillOpacity: quiet ? 0.16 : 0.9, transition: 'fill-opacity 200ms ease' }}
          fontFamily="Georgia, 'Times New Roman', serif"
          fontWeight="700"
          fontSize={p.arc1Size * fit1}
          letterSpacing={3 * k * fit1}
        >
          <textPath href={`#${id}-arc1`} startOffset="50%" textAnchor="middle">
            {t('game.felt.payout')}
          </textPath>
        </text>
        <text
          ref={(el) => void (texts.current[1] = el)}
          data-fit={fit2}
          data-felt-print=""
          fill="#f6f0e0"
          style={{ fillOpacity: quiet ? 0.12 : 0.62, transition: 'fill-opacity 200ms ease' }}
          fontFamily="system-ui, sans-serif"
          fontWeight="600"
          fontSize={p.arc2Size * fit2}
          letterSpacing={2 * k * fit2}
        >
          <textPath href={`#${id}-arc2`} startOffset="50%" textAnchor="middle">
            {t('game.felt.rules')}
          </textPath>
        </text>

        {/* bet spot */}
        <circle cx={bet.x} cy={bet.y} r={bet.r} fill="#000" fillOpacity="0.12" style={ACCENT_LINE} strokeOpacity="0.6" strokeWidth={1.5 * k} />
        <circle cx={bet.x} cy={bet.y} r={bet.r - 5 * k} fill="none" style={ACCENT_LINE} strokeOpacity="0.25" strokeWidth="1" strokeDasharray="2 3" />

        {/* discard pile: the shoe's earlier hands */}
        <g transform={`translate(${p.discard.x} ${p.discard.y}) scale(${k})`}>
          {Array.from({ length: Math.min(16, Math.ceil(discarded / 4)) }, (_, i) => (
            <image
              key={i}
              href={cardBack}
              x="7"
              y={7 - i * 0.9}
              width={CARD_W}
              height={CARD_H}
              transform={`rotate(${((i * 37) % 7) - 3} 37 47)`}
            />
          ))}
        </g>

        {/* cards in the shoe */}
        {[3, 2, 1].map((i) => (
          <image key={i} href={cardBack} x={shoe.x + i * 1.2} y={shoe.y + i * 1.2} width={CARD_W} height={CARD_H} />
        ))}
      </svg>
    </>
  );
});
