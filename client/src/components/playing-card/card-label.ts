import type { TFunction } from 'i18next';
import type { Suit } from '@bahati/contracts';

/** "Queen of Hearts" / "face-down card", in the reader's language. */
export function cardLabel(t: TFunction, card: { suit: Suit | null; rank: number; faceDown?: boolean }): string {
  if (card.faceDown || !card.suit || card.rank === 0) return t('cards.faceDown');
  return t('cards.name', { rank: t(`cards.ranks.r${card.rank}` as 'cards.ranks.r1'), suit: t(`cards.suits.${card.suit}` as 'cards.suits.Heart') });
}
