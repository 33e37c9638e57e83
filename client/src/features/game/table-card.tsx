import { memo, useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { PlayingCard } from '@/components/playing-card/playing-card';
import type { CardReport } from './use-deal-sequence';
import type { PlacedCard } from './table-layout';
import styles from './table.module.css';

interface TableCardProps {
  placed: PlacedCard;
  /** Transition delay (ms) when this card arrives or turns over in the latest answer. */
  delay: number;
  /** Flies in from the shoe (otherwise it is simply where it belongs). */
  enter: boolean;
  shoe: { x: number; y: number };
  /** The answer this card moves in (it flies in or turns over), 0 when it lies still. */
  movingIn: number;
  /** Where the card says that its move started and that it has landed. */
  onCard: CardReport;
}

const transformOf = (x: number, y: number, rotate: number, scale: number) =>
  `translate(${x}px, ${y}px) scale(${scale}) translate(30px, 40px) rotate(${rotate}deg) translate(-30px, -40px)`;

/** The card's transitions that are still to run or running (a finite one: the card's flight and its turn). */
function moving(el: HTMLElement): Animation[] {
  if (typeof el.getAnimations !== 'function') return [];
  return el.getAnimations({ subtree: true }).filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
}

/**
 * A card on the felt. A dealt card mounts face down on the shoe, then (after its delay) glides to its
 * place while turning over; the dealer's hole card turns over where it lies. When it moves in an
 * answer, it tells the table once its animations have really ended: what depends on it waits for that,
 * not for a clock.
 */
export const TableCard = memo(function TableCard({ placed, delay, enter, shoe, movingIn, onCard }: TableCardProps) {
  const [landed, setLanded] = useState(!enter);
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (landed) return;
    // Two frames: the browser must paint the card on the shoe before it can transition away from it.
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => setLanded(true));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
    // Only on mount.
  }, []);

  const { card, key } = placed;
  const faceUp = landed && !card.faceDown && card.suit !== null;

  // Once the card has been told where to go (it left the shoe, or its face turns), wait for its animations:
  // reading them makes the browser start them; one that is replaced midway (the table resized) hands over.
  useEffect(() => {
    if (!movingIn || !landed) return;
    const el = ref.current;
    let gone = false;
    onCard(movingIn, key, 'started');
    void (async () => {
      for (let running = el ? moving(el) : []; running.length > 0; running = el ? moving(el) : []) {
        await Promise.allSettled(running.map((a) => a.finished));
        if (gone) return;
      }
      onCard(movingIn, key, 'landed');
    })();
    return () => {
      gone = true;
    };
  }, [movingIn, landed, faceUp, key, onCard]);

  const style: CSSProperties = {
    transform: landed ? transformOf(placed.x, placed.y, placed.rotate, placed.scale) : transformOf(shoe.x, shoe.y, 0, 1),
    transitionDelay: `${delay}ms`,
    zIndex: landed ? placed.z : 400 + placed.z,
  };
  return (
    <div
      ref={ref}
      className={styles.card}
      style={style}
      data-testid="table-card"
      data-card={card.faceDown ? 'down' : `${card.rank}${card.suit?.[0] ?? ''}`}
    >
      <div className={`${styles.flipper} ${faceUp ? '' : styles.flipped}`} style={{ transitionDelay: `${delay}ms` }}>
        <div className={styles.face}>
          <PlayingCard suit={card.suit} rank={card.rank} faceDown={card.faceDown} />
        </div>
        <div className={`${styles.face} ${styles.back}`}>
          <PlayingCard suit={null} rank={0} faceDown />
        </div>
      </div>
    </div>
  );
});
