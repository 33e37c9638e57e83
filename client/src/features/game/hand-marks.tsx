import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { CHIP_VALUES, type Hand, type PlayerHand } from '@bahati/contracts';
import type { useSatsFormat } from '@/components/amount/sats-amount';
import { Chip } from './chip';
import { chipStack } from './table-layout';
import styles from './table.module.css';

type Format = ReturnType<typeof useSatsFormat>;

export function scoreLabel(t: TFunction, score: string, blackjack: boolean) {
  if (blackjack) return t('game.score.blackjack');
  if (score === 'Bust') return t('game.score.bust');
  return score;
}

/** A settled player hand's net result: what it paid back minus its stake (its double included). */
export function handNet(hand: PlayerHand): number {
  return (hand.winAmount ?? 0) - hand.betAmount;
}

/** The insurance's net result once the hand settles: +2 × the stake against a blackjack, else the stake lost. */
export function insuranceNet(hand: Hand): number {
  return hand.insuranceWin - hand.insuranceBet;
}

/**
 * Win, Blackjack!, Even money, Push or Lost for a settled hand, with its net result (+11,000 / −11,000);
 * the stake and what came back are in the detail (the tooltip). Placed above the hand's cards, on a line
 * the table computes so that no badge covers a card; with insurance, its result sits beside hand 1's.
 */
export function ResultBadge({
  hand,
  insurance,
  x,
  y,
  maxWidth,
  compact,
  format,
}: {
  hand: PlayerHand;
  /** The hand's insurance (first hand only), when it was taken. */
  insurance: { stake: number; returned: number } | null;
  x: number;
  y: number;
  maxWidth: number;
  compact: boolean;
  format: Format;
}) {
  const { t } = useTranslation();
  const state = hand.handState;
  if (state !== 'Win' && state !== 'Lost' && state !== 'Push' && state !== 'EvenMoney') return null;
  const net = handNet(hand);
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
  const detail = t('game.result.detail', { stake: format.sats(hand.betAmount), returned: format.sats(hand.winAmount ?? 0) });
  const insured = insurance ? insurance.returned - insurance.stake : 0;
  return (
    <div className={`${styles.results} ${compact ? styles.resultsCompact : ''}`} style={{ left: x, top: y }}>
      <div className={`${styles.badge} ${tone}`} style={{ maxWidth }} title={detail} data-testid="hand-result" data-state={state} data-net={net} data-returned={hand.winAmount ?? 0}>
        <span className={styles.badgeLabel}>{label}</span>
        {state !== 'Push' ? <span className={styles.badgeWinAmount}>{format.signed(net)}</span> : null}
        <span className="visually-hidden">{detail}</span>
      </div>
      {insurance ? (
        <div
          className={`${styles.badge} ${styles.badgeInsurance} ${insured > 0 ? styles.badgeWin : styles.badgeLost}`}
          title={t('game.result.insuranceDetail', { stake: format.sats(insurance.stake), returned: format.sats(insurance.returned) })}
          data-testid="insurance-result"
          data-net={insured}
        >
          <span className={styles.badgeLabel}>{t('game.result.insurance', { amount: format.signed(insured) })}</span>
        </div>
      ) : null}
    </div>
  );
}

/** The insurance stake on the felt beside the bet while it stands; faded once the dealer has shown no blackjack. */
export function InsuranceStake({ amount, lost, x, y, small, format }: { amount: number; lost: boolean; x: number; y: number; small: boolean; format: Format }) {
  const { t } = useTranslation();
  const chip = small ? 30 : 38;
  const shown = chipStack(amount, CHIP_VALUES).slice(-5);
  return (
    <div className={`${styles.insuranceSpot} ${lost ? styles.insuranceLost : ''}`} style={{ left: x, top: y }} data-testid="insurance-stake" data-state={lost ? 'lost' : 'standing'}>
      {shown.map((value, i) => (
        <span key={i} className={styles.betChip} style={{ transform: `translate(-50%, calc(-50% - ${i * 3}px))` }}>
          <Chip value={value} size={chip} />
        </span>
      ))}
      <span className={styles.insuranceAmount}>
        <span className={styles.insuranceLabel}>{t('game.insuranceStake')}</span> {format.sats(amount)}
      </span>
    </div>
  );
}

