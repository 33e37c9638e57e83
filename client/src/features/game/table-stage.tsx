import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Hand } from '@bahati/contracts';
import { cardLabel } from '@/components/playing-card/card-label';
import { useSatsFormat } from '@/components/amount/sats-amount';
import type { BrandImages } from '@/lib/brand/brand-provider';
import { BetSpot, ChipTray } from './chip-tray';
import type { Sequence } from './deal-sequence';
import { FeltTable } from './felt-table';
import { InsuranceStake, ResultBadge, scoreLabel } from './hand-marks';
import { TableCard } from './table-card';
import type { CardReport } from './use-deal-sequence';
import { CARD_H, GEOMETRY, insuranceSpot, placeCards, resultLine, type TableSize } from './table-layout';
import styles from './table.module.css';

export interface TableStageProps {
  size: TableSize;
  scale: number;
  /** The latest hand: its cards are on the felt (possibly still flying). */
  hand: Hand | null;
  /** The same hand as it reads while cards are in flight: scores and results catch up once they land. */
  shown: Hand | null;
  sequence: Sequence;
  /** Where a moving card reports that it has landed. */
  onCard: CardReport;
  bet: number;
  chipsLocked: boolean;
  onChip: (value: number) => void;
  onClearBet: () => void;
  canClear: boolean;
  /** The brand's drawings: the table, the card back and the chips. */
  images: BrandImages;
}

/** The brand's table, the cards, scores and results, the bet stack and the chip tray, on the table's own grid. */
export const TableStage = memo(function TableStage({ size, scale, hand, shown, sequence, onCard, bet, chipsLocked, onChip, onClearBet, canClear, images }: TableStageProps) {
  const { t } = useTranslation();
  const format = useSatsFormat();
  const geometry = GEOMETRY[size];
  const placed = useMemo(() => (hand ? placeCards(hand, geometry, size) : null), [geometry, hand, size]);
  // Scores and results come from `shown`, placed where the hands are now; a hand being dealt has none yet.
  const scored = shown !== null && shown.playerHands.every((ph) => ph.displayScore !== '');
  const multi = (shown?.playerHands.length ?? 0) > 1;
  // Cards of the shoe's earlier hands lie in the discard tray.
  const discarded = hand ? Math.min(...hand.dealerHand.cards.map((c) => c.cardIndex), ...hand.playerHands.flatMap((h) => h.cardIndices)) : 0;
  const activeIndex = shown && scored && shown.phase === 'PlayerTurn' ? shown.activeHandIndex : null;
  // Results go on one line above the highest card of any hand, so no badge covers a card.
  const line = placed ? resultLine(placed.slots, geometry) : null;
  const settled = shown !== null && scored && shown.phase === 'Settled';
  // The insurance stake lies beside the bet until the hand settles; once the dealer has shown no blackjack it is lost.
  const insuranceBet = shown?.insuranceBet ?? 0;
  const spot = insuranceSpot(geometry, size);

  return (
    <div
      className={styles.stage}
      style={{ width: geometry.width, height: geometry.height, transform: `scale(${scale})` }}
      data-size={size}
    >
      <FeltTable size={size} geometry={geometry} discarded={discarded} images={images} />

      {/* cards */}
      <div className={styles.cards} aria-hidden="true">
        {placed?.cards.map((p) => (
          <TableCard
            key={`${hand!.id}-${p.key}`}
            placed={p}
            delay={sequence.delays[p.key] ?? 0}
            enter={sequence.entering.has(p.key)}
            shoe={geometry.shoe}
            movingIn={sequence.moving.has(p.key) ? sequence.id : 0}
            onCard={onCard}
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
      {shown && placed && shown.dealerHand.displayScore ? (
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
      {scored && placed
        ? shown.playerHands.map((ph, i) => {
            const slot = placed.slots[i]!;
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
                {settled && line ? (
                  <ResultBadge
                    hand={ph}
                    insurance={i === 0 && insuranceBet > 0 ? { stake: insuranceBet, returned: shown.insuranceWin } : null}
                    x={slot.box.x + slot.box.w / 2}
                    y={line.y}
                    maxWidth={line.maxWidth}
                    compact={multi}
                    format={format}
                  />
                ) : null}
              </div>
            );
          })
        : null}

      {insuranceBet > 0 && shown && !settled ? (
        <InsuranceStake
          amount={insuranceBet}
          lost={hand?.phase === 'PlayerTurn' || hand?.dealerBlackjack === false}
          x={spot.x}
          y={spot.y}
          small={size === 'small'}
          format={format}
        />
      ) : null}

      <BetSpot size={size} bet={bet} onClearBet={onClearBet} canClear={canClear} />
      <ChipTray size={size} locked={chipsLocked} onChip={onChip} />

      {/* what the cards are, for screen readers */}
      {shown && (shown.dealerHand.cards.length > 0 || shown.playerHands.some((ph) => ph.cards.length > 0)) ? (
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
