import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { PlayerHand } from '@bahati/contracts';
import type { useSatsFormat } from '@/components/amount/sats-amount';
import type { HandSlot } from './table-layout';
import styles from './table.module.css';

export function scoreLabel(t: TFunction, score: string, blackjack: boolean) {
  if (blackjack) return t('game.score.blackjack');
  if (score === 'Bust') return t('game.score.bust');
  return score;
}

/** Win, Blackjack!, Even money, Push or Lost over a settled hand, with what it paid. */
export function ResultBadge({ hand, slot, format }: { hand: PlayerHand; slot: HandSlot; format: ReturnType<typeof useSatsFormat> }) {
  const { t } = useTranslation();
  const state = hand.handState;
  if (state !== 'Win' && state !== 'Lost' && state !== 'Push' && state !== 'EvenMoney') return null;
  const win = hand.winAmount ?? 0;
  const label =
    state === 'Win'
      ? hand.hasBlackjack
        ? t('game.result.blackjack')
        : t('game.result.win')
      : state === 'EvenMoney'
        ? t('game.result.evenMoney')
        : state === 'Push'
          ? t('game.result.push')
          : t('game.result.lost');
  const tone = state === 'Lost' ? styles.badgeLost : state === 'Push' ? styles.badgePush : styles.badgeWin;
  return (
    <div
      className={`${styles.badge} ${tone}`}
      style={{ left: slot.box.x + slot.box.w / 2, top: slot.box.y + slot.box.h / 2 + 6 * slot.scale }}
      data-testid="hand-result"
      data-state={state}
    >
      <span className={styles.badgeLabel}>{label}</span>
      {(state === 'Win' || state === 'EvenMoney' || state === 'Push') && win > 0 ? (
        <span className={styles.badgeWinAmount}>{format.signed(win)}</span>
      ) : null}
    </div>
  );
}
