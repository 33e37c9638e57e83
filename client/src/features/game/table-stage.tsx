import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CHIP_VALUES, type Hand, type PlayerHand } from '@bahati/contracts';
import { cardLabel } from '@/components/playing-card/card-label';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { ChipSvg, chipLabel } from './chip';
import type { Sequence } from './deal-sequence';
import { FeltTable } from './felt-table';
import { TableCard } from './table-card';
import { CARD_H, chipStack, GEOMETRY, placeCards, type HandSlot, type TableSize } from './table-layout';
import styles from './table.module.css';

export interface TableStageProps {
  size: TableSize;
  scale: number;
  /** The latest hand: its cards are on the felt (possibly still flying). */
  hand: Hand | null;
  /** The hand whose scores and results are shown: it catches up once the cards land. */
  shown: Hand | null;
  sequence: Sequence;
  bet: number;
  chipsLocked: boolean;
  onChip: (value: number) => void;
  onClearBet: () => void;
  canClear: boolean;
}

function scoreLabel(t: ReturnType<typeof useTranslation>['t'], score: string, blackjack: boolean) {
  if (blackjack) return t('game.score.blackjack');
  if (score === 'Bust') return t('game.score.bust');
  return score;
}

function ResultBadge({ hand, slot, format }: { hand: PlayerHand; slot: HandSlot; format: ReturnType<typeof useSatsFormat> }) {
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
        <span className={styles.badgeWinAmount}>+{format.sats(win)}</span>
      ) : null}
    </div>
  );
}

/** The felt, the cards, scores and results, the bet stack and the chip tray, on the table's own grid. */
export const TableStage = memo(function TableStage({ size, scale, hand, shown, sequence, bet, chipsLocked, onChip, onClearBet, canClear }: TableStageProps) {
  const { t } = useTranslation();
  const format = useSatsFormat();
  const geometry = GEOMETRY[size];
  const placed = useMemo(() => (hand ? placeCards(hand, geometry, size) : null), [geometry, hand, size]);
  // Scores and results come from `shown`, placed where the hands are now.
  const shownPlaced = useMemo(() => (shown ? placeCards(shown, geometry, size) : null), [geometry, shown, size]);
  const sameHand = hand && shown && hand.id === shown.id && hand.playerHands.length === shown.playerHands.length;
  const stack = chipStack(bet, CHIP_VALUES);
  const stackShown = stack.length ? stack.slice(-9) : bet > 0 ? [CHIP_VALUES[0]] : [];
  const chipSize = geometry.chips.size;
  const betChip = size === 'large' ? 62 : 50;
  const multi = (shown?.playerHands.length ?? 0) > 1;
  // Cards of the shoe's earlier hands lie in the discard tray.
  const discarded = hand ? Math.min(...hand.dealerHand.cards.map((c) => c.cardIndex), ...hand.playerHands.flatMap((h) => h.cardIndices)) : 0;
  const activeIndex = shown && sameHand && shown.phase === 'PlayerTurn' ? shown.activeHandIndex : null;

  return (
    <div
      className={styles.stage}
      style={{ width: geometry.width, height: geometry.height, transform: `scale(${scale})` }}
      data-size={size}
    >
      <FeltTable size={size} geometry={geometry} discarded={discarded} />

      {/* cards */}
      <div className={styles.cards} aria-hidden="true">
        {placed?.cards.map((p) => (
          <TableCard
            key={`${hand!.id}-${p.key}`}
            placed={p}
            delay={sequence.delays[p.key] ?? 0}
            enter={sequence.entering.has(p.key)}
            shoe={geometry.shoe}
          />
        ))}
      </div>

      {/* active split hand */}
      {activeIndex !== null && multi && placed ? (
        <div
          className={styles.activeRing}
          style={{
            left: placed.slots[activeIndex]!.box.x - 8,
            top: placed.slots[activeIndex]!.box.y - 8,
            width: placed.slots[activeIndex]!.box.w + 16,
            height: placed.slots[activeIndex]!.box.h + 16,
          }}
          aria-hidden="true"
        />
      ) : null}

      {/* dealer score */}
      {shown && placed && shown.id === hand?.id && shown.dealerHand.displayScore ? (
        <div
          className={`${styles.score} ${shown.dealerHand.displayScore === 'Bust' ? styles.scoreBust : ''}`}
          style={{ left: placed.dealer.centerX, top: placed.dealer.top + CARD_H + 8 }}
          data-testid="dealer-score"
        >
          <span className={styles.scoreWho}>{t('game.dealer')}</span>
          {scoreLabel(t, shown.dealerHand.displayScore, shown.dealerHand.hasBlackjack)}
        </div>
      ) : null}

      {/* player scores, per-hand stakes and results */}
      {sameHand && placed && shownPlaced
        ? shown.playerHands.map((ph, i) => {
            const slot = placed.slots[i]!;
            const box = shownPlaced.slots[i]!;
            return (
              <div key={i}>
                <div
                  className={`${styles.score} ${ph.displayScore === 'Bust' ? styles.scoreBust : ''} ${activeIndex === i ? styles.scoreActive : ''}`}
                  style={{ left: slot.centerX, top: slot.top + CARD_H * slot.scale + 8 }}
                  data-testid="player-score"
                >
                  {scoreLabel(t, ph.displayScore, ph.hasBlackjack)}
                  {multi || ph.doubleBet ? <span className={styles.scoreStake}>{format.sats(ph.betAmount)}</span> : null}
                </div>
                {shown.phase === 'Settled' ? <ResultBadge hand={ph} slot={box} format={format} /> : null}
              </div>
            );
          })
        : null}

      {/* bet stack */}
      <div className={styles.betSpot} style={{ left: geometry.bet.x, top: geometry.bet.y }}>
        {stackShown.length === 0 ? (
          <span className={styles.betHint}>{t('game.betHint')}</span>
        ) : (
          <button
            type="button"
            className={styles.betStack}
            onClick={onClearBet}
            disabled={!canClear}
            aria-label={t('game.clearBetLabel', { amount: format.sats(bet) })}
            data-testid="bet-stack"
          >
            {stackShown.map((value, i) => (
              <span key={i} className={styles.betChip} style={{ transform: `translate(-50%, calc(-50% - ${i * (size === 'large' ? 5 : 4)}px))` }}>
                <ChipSvg value={value} size={betChip} />
              </span>
            ))}
          </button>
        )}
        {bet > 0 ? (
          <span className={styles.betAmount} data-testid="bet-amount">
            {format.sats(bet)}
          </span>
        ) : null}
      </div>

      {/* chip tray */}
      <div className={styles.chipTray} style={{ top: geometry.chips.y }} role="group" aria-label={t('game.chips')}>
        {CHIP_VALUES.map((value, i) => (
          <button
            key={value}
            type="button"
            className={styles.chip}
            style={{ left: geometry.width / 2 + (i - 1.5) * (chipSize + geometry.chips.gap), width: chipSize, height: chipSize }}
            onClick={() => onChip(value)}
            disabled={chipsLocked}
            aria-label={t('game.addChip', { amount: format.sats(value) })}
            title={t('game.addChip', { amount: format.sats(value) })}
            data-testid={`chip-${chipLabel(value)}`}
          >
            <ChipSvg value={value} size={chipSize} />
          </button>
        ))}
      </div>

      {/* what the cards are, for screen readers */}
      {shown ? (
        <div className="visually-hidden">
          <p>
            {t('game.dealer')}: {shown.dealerHand.cards.map((c) => cardLabel(t, c)).join(', ')}
          </p>
          {shown.playerHands.map((ph, i) => (
            <p key={i}>
              {shown.playerHands.length > 1 ? t('game.handN', { n: i + 1 }) : t('game.yourHand')}: {ph.cards.map((c) => cardLabel(t, c)).join(', ')}
            </p>
          ))}
        </div>
      ) : null}
    </div>
  );
});
