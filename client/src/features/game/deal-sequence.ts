import type { Hand } from '@bahati/contracts';
import { DEALER_STEP_MS, FLIGHT_MS, PLAYER_STEP_MS } from './table-layout';

export interface Sequence {
  /** Card key → transition delay (ms) for cards that arrive or turn over in this answer. */
  delays: Record<string, number>;
  /** Keys of cards that fly in from the shoe. */
  entering: ReadonlySet<string>;
  /** When the last card has landed (ms from now); 0 when nothing moves. */
  total: number;
}

export const EMPTY_SEQUENCE: Sequence = { delays: {}, entering: new Set(), total: 0 };

/**
 * The order cards appear in after an answer. A new hand deals in shoe order (player, dealer up,
 * player, dealer hole). Later the player's new cards come first, then the dealer turns the hole card
 * and draws, a little slower so the reveal can be followed.
 */
export function dealSequence(previous: Hand | null, next: Hand, reducedMotion: boolean): Sequence {
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
  let last = -1;
  const at = (key: string, ms: number) => {
    const d = reducedMotion ? 0 : ms;
    delays[key] = d;
    last = Math.max(last, d);
  };
  if (fresh) {
    [...playerNew, ...dealerDraws, ...dealerFlips].sort(byIndex).forEach((e, i) => at(e.key, i * PLAYER_STEP_MS));
  } else {
    playerNew.sort(byIndex).forEach((e, i) => at(e.key, i * PLAYER_STEP_MS));
    const start = playerNew.length ? playerNew.length * PLAYER_STEP_MS + 120 : 0;
    [...dealerFlips.sort(byIndex), ...dealerDraws.sort(byIndex)].forEach((e, i) => at(e.key, start + i * DEALER_STEP_MS));
  }
  const total = last < 0 ? 0 : reducedMotion ? 60 : last + FLIGHT_MS + 40;
  return { delays, entering, total };
}
