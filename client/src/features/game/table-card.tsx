import { memo, useLayoutEffect, useState, type CSSProperties } from 'react';
import { PlayingCard } from '@/components/playing-card/playing-card';
import type { PlacedCard } from './table-layout';
import styles from './table.module.css';

interface TableCardProps {
  placed: PlacedCard;
  /** Transition delay (ms) when this card arrives or turns over in the latest answer. */
  delay: number;
  /** Flies in from the shoe (otherwise it is simply where it belongs). */
  enter: boolean;
  shoe: { x: number; y: number };
}

const transformOf = (x: number, y: number, rotate: number, scale: number) =>
  `translate(${x}px, ${y}px) scale(${scale}) translate(30px, 40px) rotate(${rotate}deg) translate(-30px, -40px)`;

/**
 * A card on the felt. A dealt card mounts face down on the shoe, then (after its delay) glides to its
 * place while turning over; the dealer's hole card turns over where it lies.
 */
export const TableCard = memo(function TableCard({ placed, delay, enter, shoe }: TableCardProps) {
  const [landed, setLanded] = useState(!enter);
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

  const { card } = placed;
  const faceUp = landed && !card.faceDown && card.suit !== null;
  const style: CSSProperties = {
    transform: landed ? transformOf(placed.x, placed.y, placed.rotate, placed.scale) : transformOf(shoe.x, shoe.y, 0, 1),
    transitionDelay: `${delay}ms`,
    zIndex: landed ? placed.z : 400 + placed.z,
  };
  return (
    <div className={styles.card} style={style} data-testid="table-card" data-card={card.faceDown ? 'down' : `${card.rank}${card.suit?.[0] ?? ''}`}>
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
