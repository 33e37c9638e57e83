import type { TFunction } from 'i18next';
import type { Hand } from '@bahati/contracts';
import { currentFormats } from '@/i18n/intl';

/** A settled hand's result with its net amount (what it paid back minus its stake). */
function resultText(t: TFunction, state: string, net: number): string {
  switch (state) {
    case 'Win':
      return t('game.result.winAmount', { amount: currentFormats().sats(net) });
    case 'EvenMoney':
      return t('game.result.evenMoneyAmount', { amount: currentFormats().sats(net) });
    case 'Push':
      return t('game.result.push');
    case 'Lost':
      return t('game.result.lost');
    default:
      return '';
  }
}

/** What a screen reader hears once the cards have landed: the scores, the results and any offer. */
export function describeHand(t: TFunction, hand: Hand): string {
  const score = (s: string) => (s === 'Bust' ? t('game.score.bust') : s);
  const parts: string[] = [];
  if (hand.dealerHand.cards.some((c) => !c.faceDown)) parts.push(t('game.announce.dealer', { score: score(hand.dealerHand.displayScore) }));
  hand.playerHands.forEach((ph, i) => {
    const base =
      hand.playerHands.length > 1
        ? t('game.announce.handN', { n: i + 1, score: score(ph.displayScore) })
        : t('game.announce.hand', { score: score(ph.displayScore) });
    parts.push(hand.phase === 'Settled' ? `${base} ${resultText(t, ph.handState, (ph.winAmount ?? 0) - ph.betAmount)}` : base);
  });
  if (hand.phase === 'Settled' && hand.insuranceBet > 0) parts.push(t('game.result.insurance', { amount: currentFormats().signed(hand.insuranceWin - hand.insuranceBet) }));
  if (hand.phase === 'InsuranceOffered') parts.push(t('game.prompt.insurance'));
  if (hand.phase === 'EvenMoneyOffered') parts.push(t('game.prompt.evenMoney'));
  return parts.join('. ');
}
