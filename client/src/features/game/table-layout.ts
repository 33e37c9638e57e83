import type { Card, Hand } from '@bahati/contracts';

/** Spec §9: cards fan 28 px across and 12 px up; cards are 60×80. */
export const CARD_DX = 28;
export const CARD_DY = 12;
export const CARD_W = 60;
export const CARD_H = 80;
/** Card flight time; each further card of one answer waits a step (spec §9: 200–600 ms). */
export const FLIGHT_MS = 380;
export const PLAYER_STEP_MS = 200;
export const DEALER_STEP_MS = 450;

export type TableSize = 'small' | 'large';

export interface Geometry {
  width: number;
  height: number;
  shoe: { x: number; y: number };
  dealer: { centerX: number; top: number };
  player: { top: number; left: number; right: number; maxSpacing: number };
  bet: { x: number; y: number; r: number };
  chips: { y: number; size: number; gap: number };
}

/** The two tables (spec: small 400×500 under 800 px wide, large 800×600). */
export const GEOMETRY: Record<TableSize, Geometry> = {
  large: {
    width: 800,
    height: 600,
    shoe: { x: 694, y: 26 },
    dealer: { centerX: 400, top: 52 },
    player: { top: 286, left: 130, right: 670, maxSpacing: 180 },
    bet: { x: 400, y: 442, r: 40 },
    chips: { y: 548, size: 70, gap: 14 },
  },
  small: {
    width: 400,
    height: 500,
    shoe: { x: 324, y: 14 },
    dealer: { centerX: 192, top: 36 },
    player: { top: 234, left: 34, right: 366, maxSpacing: 160 },
    bet: { x: 200, y: 372, r: 32 },
    chips: { y: 438, size: 60, gap: 10 },
  },
};

export interface PlacedCard {
  key: string;
  card: Card;
  x: number;
  y: number;
  rotate: number;
  scale: number;
  z: number;
  owner: 'dealer' | number;
}

export interface HandSlot {
  centerX: number;
  /** Top of the first card. */
  top: number;
  scale: number;
  /** Bounding box of the cards (for badges and the active-hand ring). */
  box: { x: number; y: number; w: number; h: number };
}

/** Hands anchor on their first card so earlier cards never shift as the hand grows. */
function anchorX(centerX: number, scale: number) {
  return centerX - (CARD_W / 2 + CARD_DX / 2) * scale;
}

function handBox(x0: number, top: number, count: number, scale: number, doubled: boolean) {
  const n = Math.max(count, 1);
  const w = (CARD_W + CARD_DX * (n - 1) + (doubled ? 12 : 0)) * scale;
  const h = (CARD_H + CARD_DY * (n - 1)) * scale;
  return { x: x0, y: top + CARD_H * scale - h, w, h };
}

export function playerSlots(geometry: Geometry, size: TableSize, count: number, cardCounts: number[], doubled: boolean[]): HandSlot[] {
  const { left, right, top, maxSpacing } = geometry.player;
  const spacing = Math.min(maxSpacing, (right - left) / Math.max(count, 1));
  const scale = size === 'small' && count >= 3 ? 0.74 : size === 'large' && count >= 4 ? 0.9 : 1;
  const mid = (left + right) / 2;
  return Array.from({ length: count }, (_, i) => {
    const centerX = mid + (i - (count - 1) / 2) * spacing;
    const slotTop = top + (1 - scale) * CARD_H;
    const x0 = anchorX(centerX, scale);
    return { centerX, top: slotTop, scale, box: handBox(x0, slotTop, cardCounts[i] ?? 0, scale, doubled[i] ?? false) };
  });
}

export function dealerSlot(geometry: Geometry, cardCount: number): HandSlot {
  const { centerX, top } = geometry.dealer;
  const x0 = anchorX(centerX, 1);
  return { centerX, top, scale: 1, box: handBox(x0, top, cardCount, 1, false) };
}

/** Every card of the hand with its place on the table; keys follow shoe positions so a split card slides. */
export function placeCards(hand: Hand, geometry: Geometry, size: TableSize): { cards: PlacedCard[]; slots: HandSlot[]; dealer: HandSlot } {
  const dealer = dealerSlot(geometry, hand.dealerHand.cards.length);
  const slots = playerSlots(
    geometry,
    size,
    hand.playerHands.length,
    hand.playerHands.map((h) => h.cards.length),
    hand.playerHands.map((h) => h.doubleBet),
  );
  const cards: PlacedCard[] = [];
  const dx0 = anchorX(dealer.centerX, 1);
  hand.dealerHand.cards.forEach((card, i) => {
    cards.push({ key: `d${card.cardIndex}`, card, x: dx0 + i * CARD_DX, y: dealer.top - i * CARD_DY, rotate: 0, scale: 1, z: 10 + i, owner: 'dealer' });
  });
  hand.playerHands.forEach((ph, h) => {
    const slot = slots[h]!;
    const x0 = anchorX(slot.centerX, slot.scale);
    ph.cards.forEach((card, i) => {
      const doubledCard = ph.doubleBet && i === ph.cards.length - 1 && i >= 2;
      cards.push({
        key: `p${card.cardIndex}`,
        card,
        x: x0 + i * CARD_DX * slot.scale + (doubledCard ? 10 * slot.scale : 0),
        y: slot.top - i * CARD_DY * slot.scale + (doubledCard ? 4 * slot.scale : 0),
        rotate: doubledCard ? 90 : 0,
        scale: slot.scale,
        z: 100 + h * 20 + i,
        owner: h,
      });
    });
  });
  return { cards, slots, dealer };
}

/**
 * Where the results of a settled hand go: one line just above the highest card of any player hand
 * (cards fan upwards, so a badge there never covers one), each badge at most as wide as a hand's place.
 */
export function resultLine(slots: readonly HandSlot[], geometry: Geometry): { y: number; maxWidth: number } {
  const top = Math.min(...slots.map((s) => s.box.y));
  const { left, right, maxSpacing } = geometry.player;
  const spacing = Math.min(maxSpacing, (right - left) / Math.max(slots.length, 1));
  return { y: top - 8, maxWidth: slots.length > 1 ? spacing - 6 : geometry.width - 40 };
}

/** The insurance stake's place on the felt: beside the bet, towards the printed "insurance pays 2 to 1". */
export function insuranceSpot(geometry: Geometry, size: TableSize): { x: number; y: number } {
  const { x, y } = geometry.bet;
  return size === 'large' ? { x: x - 118, y: y + 8 } : { x: x - 92, y: y + 6 };
}

/** Spec §9: the bet stack is drawn greedily from the largest chip. */
export function chipStack(amount: number, chips: readonly number[]): number[] {
  const out: number[] = [];
  let rest = amount;
  for (const value of [...chips].sort((a, b) => b - a)) {
    while (rest >= value) {
      out.push(value);
      rest -= value;
    }
  }
  // What no chip makes up lies on top as an odd chip of its own amount: a 500-sat bet is never drawn as 1K.
  if (rest > 0) out.push(rest);
  return out;
}
