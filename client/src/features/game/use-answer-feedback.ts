import { useCallback, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Hand, HandActionResponse } from '@bahati/contracts';
import { describeHand } from './announce';
import { playResult } from './sound';
import type { Say } from './use-table-notices';

/** The hand's net result for the player (every stake included): what the win or loss sound follows. */
function netOf(hand: Hand): number | null {
  return hand.phase === 'Settled' && hand.winAmount !== null ? hand.winAmount - hand.totalBetAmount : null;
}

/**
 * What the table says when the server's answer lands: the insurance that was lost, a finished shoe to verify,
 * the result's sound (with the sound on) and the hand read out for screen readers.
 */
export function useAnswerFeedback({ say, announce, soundRef }: { say: Say; announce: (text: string) => void; soundRef: RefObject<boolean> }) {
  const { t } = useTranslation();
  return useCallback(
    (previous: Hand | null, answer: HandActionResponse) => {
      const next = answer.hand;
      const tookInsurance = previous?.phase === 'InsuranceOffered' && next.insuranceBet > 0;
      if (tookInsurance && (next.phase === 'PlayerTurn' || next.dealerBlackjack === false)) {
        say('info', t('game.notices.insuranceLost'), undefined, (c) => c.handId !== next.id || c.phase === 'Settled');
      }
      if (answer.nextShoe) {
        say('success', t('game.notices.shoeFinished'), { to: `/provable?id=${next.shoeId}`, label: t('game.notices.verifyShoe') }, (c) => c.handId !== next.id);
      }
      // A hand settled by this answer (a hand loaded as it stands carries no bank) sounds its result.
      const net = netOf(next);
      if (soundRef.current && net !== null && answer.bank !== null && !(previous?.id === next.id && previous.phase === 'Settled')) playResult(net);
      announce(describeHand(t, next));
    },
    [announce, say, t],
  );
}
