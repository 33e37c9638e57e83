import { useTranslation } from 'react-i18next';
import { cardRank, cardSuit } from '@bahati/contracts';
import { cardLabel } from '@/components/playing-card/card-label';
import { PlayingCard } from '@/components/playing-card/playing-card';
import styles from './provable.module.css';

const cardOf = (id: number) => ({ suit: cardSuit(id), rank: cardRank(id) });

/** The shoe's 208 cards in order: the shuffle's own, or the server's; a card that differs from the server's is marked. */
export function ShoeGrid({ grid, shuffled, serverCards, headingId }: { grid: number[]; shuffled: number[] | null; serverCards: number[] | null; headingId: string }) {
  const { t } = useTranslation();
  return (
    <section className={`panel ${styles.panel} ${styles.gridPanel}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.gridTitle}>
        {shuffled ? t('provable.shuffledCards') : t('provable.shoeCards')}
      </h2>
      <ol className={styles.grid} data-testid="shoe-grid">
        {grid.map((cardId, i) => {
          const differs = shuffled && serverCards ? serverCards[i] !== cardId : false;
          const card = cardOf(cardId);
          const server = differs && serverCards ? cardOf(serverCards[i]!) : null;
          return (
            <li
              key={i}
              className={`${styles.cell} ${differs ? styles.differs : ''}`}
              title={`${i + 1}. ${cardLabel(t, card)}${server ? ` — ${t('provable.serverHad', { card: cardLabel(t, server) })}` : ''}`}
              data-differs={differs || undefined}
            >
              <span className={styles.pos}>{i + 1}</span>
              <PlayingCard suit={card.suit} rank={card.rank} width={36} />
            </li>
          );
        })}
      </ol>
    </section>
  );
}
