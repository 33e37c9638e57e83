import type { Hand } from '@bahati/contracts';
import { DEAL_TIMING, type DealSpeed } from '@/lib/deal-speed';

export interface Sequence {
  /** Card key → transition delay (ms) for cards that arrive or turn over in this answer. */
  delays: Record<string, number>;
  /** Keys of cards that fly in from the shoe. */
  entering: ReadonlySet<string>;
  /** Keys of the cards that move in this answer (fly in or turn over): the table waits until each has landed. */
  moving: ReadonlySet<string>;
  /** A card's flight (ms), 0 when cards are simply there. */
  flightMs: number;
  /** Tells the answers apart, so a card's landing is counted for the answer that moved it. */
  id: number;
}

export const EMPTY_SEQUENCE: Sequence = { delays: {}, entering: new Set(), moving: new Set(), flightMs: 0, id: 0 };

let sequences = 0;

/**
 * The order cards appear in after an answer. A new hand deals in shoe order (player, dealer up,
 * player, dealer hole). Later the player's new cards come first, then the dealer turns the hole card
 * and draws, a little slower so the reveal can be followed. At instant speed nothing moves: the cards
 * are simply where they belong.
 */
export function dealSequence(previous: Hand | null, next: Hand, speed: DealSpeed): Sequence {
  if (speed === 'instant') return { ...EMPTY_SEQUENCE, id: ++sequences };
  const timing = DEAL_TIMING[speed];
  const fresh = !previous || previous.id !== next.id;
  const before = new Map<string, boolean>();
  if (!fresh) {
    for (const c of previous.dealerHand.cards) before.set(`d${c.cardIndex}`, c.faceDown);
    for (const h of previous.playerHands) for (const c of h.cards) before.set(`p${c.cardIndex}`, c.faceDown);
  }
  const entering = new Set<string>();
  const playerNew: { key: string; index: number }[] = [];
  const dealerDraws: { key: string; index: number }[] = [];
  const dealerFlips: { key: string; index: number }[] = [];
  for (const h of next.playerHands) {
    for (const c of h.cards) {
      const key = `p${c.cardIndex}`;
      if (!before.has(key)) {
        playerNew.push({ key, index: c.cardIndex });
        entering.add(key);
      }
    }
  }
  for (const c of next.dealerHand.cards) {
    const key = `d${c.cardIndex}`;
    if (!before.has(key)) {
      dealerDraws.push({ key, index: c.cardIndex });
      entering.add(key);
    } else if (before.get(key) && !c.faceDown) {
      dealerFlips.push({ key, index: c.cardIndex });
    }
  }
  const byIndex = (a: { index: number }, b: { index: number }) => a.index - b.index;
  const delays: Record<string, number> = {};
  const at = (key: string, ms: number) => {
    delays[key] = ms;
  };
  if (fresh) {
    [...playerNew, ...dealerDraws, ...dealerFlips].sort(byIndex).forEach((e, i) => at(e.key, i * timing.playerStepMs));
  } else {
    playerNew.sort(byIndex).forEach((e, i) => at(e.key, i * timing.playerStepMs));
    const start = playerNew.length ? playerNew.length * timing.playerStepMs + timing.dealerPauseMs : 0;
    [...dealerFlips.sort(byIndex), ...dealerDraws.sort(byIndex)].forEach((e, i) => at(e.key, start + i * timing.dealerStepMs));
  }
  return { delays, entering, moving: new Set(Object.keys(delays)), flightMs: timing.flightMs, id: ++sequences };
}
