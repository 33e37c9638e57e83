import type { Suit } from '@bahati/contracts';

/** Suit shapes drawn in a 10×10 box. */
const PATHS: Record<Suit, string> = {
  Heart: 'M5 9.6C4.2 8.7 0 5.9 0 3.1 0 1.4 1.3 0 2.9 0 3.9 0 4.6.5 5 1.3 5.4.5 6.1 0 7.1 0 8.7 0 10 1.4 10 3.1 10 5.9 5.8 8.7 5 9.6Z',
  Diamond: 'M5 0 8.9 5 5 10 1.1 5Z',
  Spade:
    'M5 0C5.9 1.3 10 3.9 10 6.4 10 7.9 8.9 8.9 7.5 8.9 6.6 8.9 5.9 8.5 5.4 7.8 5.5 8.8 5.9 9.5 6.6 10H3.4C4.1 9.5 4.5 8.8 4.6 7.8 4.1 8.5 3.4 8.9 2.5 8.9 1.1 8.9 0 7.9 0 6.4 0 3.9 4.1 1.3 5 0Z',
  Club:
    'M5 0C6.3 0 7.3 1 7.3 2.3 7.3 3 7 3.6 6.5 4 6.9 3.8 7.3 3.7 7.7 3.7 9 3.7 10 4.8 10 6.1 10 7.4 9 8.4 7.7 8.4 6.8 8.4 6 7.9 5.6 7.1 5.6 8.4 6 9.4 6.7 10H3.3C4 9.4 4.4 8.4 4.4 7.1 4 7.9 3.2 8.4 2.3 8.4 1 8.4 0 7.4 0 6.1 0 4.8 1 3.7 2.3 3.7 2.7 3.7 3.1 3.8 3.5 4 3 3.6 2.7 3 2.7 2.3 2.7 1 3.7 0 5 0Z',
};

export const isRedSuit = (suit: Suit) => suit === 'Heart' || suit === 'Diamond';

/** A suit centred on (x, y), `size` wide; `flip` turns it upside down (lower half of a card). */
export function SuitGlyph({ suit, x, y, size, flip = false, fill }: { suit: Suit; x: number; y: number; size: number; flip?: boolean; fill?: string }) {
  const s = size / 10;
  return (
    <path
      d={PATHS[suit]}
      fill={fill}
      transform={`translate(${x} ${y})${flip ? ' rotate(180)' : ''} scale(${s}) translate(-5 -5)`}
    />
  );
}
