import { memo, useLayoutEffect, useMemo, useRef, useState } from 'react';
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

/**
 * Whether a settled round's result badges lie over a word printed on the felt (a tall hand's badge line rises
 * into the arcs): measured in the browser once the results are shown, so the print can step back behind them.
 */
function usePrintBehindResults(stage: React.RefObject<HTMLDivElement | null>, settled: boolean, layout: string): boolean {
  const [quiet, setQuiet] = useState(false);
  useLayoutEffect(() => {
    const root = stage.current;
    if (!settled || !root) return setQuiet(false);
    let gone = false;
    const measure = () => {
      if (gone) return;
      type Box = { left: number; right: number; top: number; bottom: number };
      const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      // Each printed letter where it lies on its arc (the felt's drawing units are the stage's), against each badge
      // brought back from the screen into the stage's units; jsdom measures neither.
      const letters: Box[] = [];
      for (const el of root.querySelectorAll<SVGTextElement>('[data-felt-print]')) {
        if (typeof el.getNumberOfChars !== 'function') continue;
        for (let i = 0; i < el.getNumberOfChars(); i++) {
          const r = el.getExtentOfChar(i);
          if (r.width > 0) letters.push({ left: r.x, right: r.x + r.width, top: r.y, bottom: r.y + r.height });
        }
      }
      const at = root.getBoundingClientRect();
      const k = root.offsetWidth > 0 ? at.width / root.offsetWidth : 1;
      const badges: Box[] = [...root.querySelectorAll('[data-testid="hand-result"], [data-testid="insurance-result"]')].map((el) => {
        const r = el.getBoundingClientRect();
        return { left: (r.left - at.left) / k, right: (r.right - at.left) / k, top: (r.top - at.top) / k, bottom: (r.bottom - at.top) / k };
      });
      setQuiet(badges.some((b) => letters.some((l) => overlaps(b, l))));
    };
    // The badges pop in (scaled): they are measured where they come to rest.
    const popping = [...root.querySelectorAll('[data-testid="hand-result"], [data-testid="insurance-result"]')].flatMap((el) =>
      typeof el.getAnimations === 'function' ? el.getAnimations({ subtree: true }) : [],
    );
    void Promise.allSettled(popping.map((a) => a.finished)).then(measure);
    return () => {
      gone = true;
    };
  }, [stage, settled, layout]);
  return quiet;
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
  const stage = useRef<HTMLDivElement>(null);
  const quiet = usePrintBehindResults(stage, settled, `${hand?.id ?? ''}|${size}|${scale}|${shown?.playerHands.length ?? 0}`);

  return (
    <div
      ref={stage}
      className={styles.stage}
      style={{ width: geometry.width, height: geometry.height, transform: `scale(${scale})` }}
      data-size={size}
    >
      <FeltTable size={size} geometry={geometry} discarded={discarded} images={images} quiet={quiet} />

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
