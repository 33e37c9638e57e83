import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { HANDS_PER_SHOE, type Card, type Shoe } from '@bahati/contracts';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { LocalizedLink } from '@/components/localized-link';
import { cardLabel } from '@/components/playing-card/card-label';
import { PlayingCard } from '@/components/playing-card/playing-card';
import { Spinner } from '@/components/spinner';
import { useFormats } from '@/i18n/use-localized-path';
import { apiErrorCode, apiErrorMessage, useGetHandQuery, useGetShoeQuery } from '@/lib/api';
import { useGetHandShoeQuery } from './ledger-api';
import styles from './ledger.module.css';

function Cards({ cards, width = 34 }: { cards: readonly Card[]; width?: number }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.cards} aria-label={cards.map((c) => cardLabel(t, c)).join(', ')}>
      {cards.map((card) => (
        <li key={card.cardIndex}>
          <PlayingCard suit={card.suit} rank={card.rank} faceDown={card.faceDown} width={width} />
        </li>
      ))}
    </ul>
  );
}

function shoeError(t: TFunction, error: unknown): string {
  switch (apiErrorCode(error)) {
    case 'ActiveHand':
      return t('ledger.shoe.inUse');
    case 'ShoeNotFound':
    case 'NotFound':
      return t('ledger.shoe.notFound');
    case 'ValidationFailed':
      return t('ledger.shoe.invalidId');
    default:
      return apiErrorMessage(t, error) ?? t('ledger.shoe.failed');
  }
}

/** A retired shoe: its seeds, and its 208 cards in dealing order with this hand's cards marked. */
export function ShoeView({ shoe, highlight }: { shoe: Shoe; highlight?: ReadonlySet<number> }) {
  const { t } = useTranslation();
  return (
    <div className={styles.shoe} data-testid="ledger-shoe">
      <dl className={styles.seeds}>
        <div>
          <dt>{t('ledger.shoe.id')}</dt>
          <dd className={styles.mono}>{shoe.id}</dd>
        </div>
        <div>
          <dt>{t('ledger.shoe.playerSeed')}</dt>
          <dd className={styles.mono}>{shoe.playerSeed || '—'}</dd>
        </div>
        <div>
          <dt>{t('ledger.shoe.houseSeed')}</dt>
          <dd className={styles.mono}>{shoe.houseSeed || '—'}</dd>
        </div>
        <div>
          <dt>{t('ledger.shoe.houseSeedHash')}</dt>
          <dd className={styles.mono}>{shoe.houseSeedHash}</dd>
        </div>
      </dl>
      {shoe.cards.length ? (
        <>
          <h4 className={styles.subhead}>{t('ledger.shoe.cards')}</h4>
          <ol className={styles.shoeCards}>
            {shoe.cards.map((card, i) => (
              <li key={i} className={highlight?.has(i) ? styles.mine : undefined} title={`${i + 1}. ${cardLabel(t, card)}`}>
                <PlayingCard suit={card.suit} rank={card.rank} width={26} />
              </li>
            ))}
          </ol>
        </>
      ) : (
        <p className={styles.muted}>{t('ledger.shoe.inUse')}</p>
      )}
      <LocalizedLink to={`/provable?id=${shoe.id}`} className="btn btn-primary btn-sm" data-testid="verify-shoe-link">
        {t('ledger.shoe.verify')}
      </LocalizedLink>
    </div>
  );
}

function HandShoe({ handId, highlight }: { handId: string; highlight: ReadonlySet<number> }) {
  const { t } = useTranslation();
  const { data, error, isLoading } = useGetHandShoeQuery(handId);
  if (isLoading) return <Spinner label={t('ledger.details.loading')} />;
  if (error || !data) return <p className={styles.shoeError} role="alert">{shoeError(t, error)}</p>;
  return <ShoeView shoe={data} highlight={highlight} />;
}

/** The ShowShoe line names the shoe it revealed. */
export function ShoeById({ shoeId }: { shoeId: string }) {
  const { t } = useTranslation();
  const { data, error, isLoading } = useGetShoeQuery(shoeId);
  if (isLoading) return <Spinner label={t('ledger.details.loading')} />;
  if (error || !data) return <p className={styles.shoeError} role="alert">{shoeError(t, error)}</p>;
  return <ShoeView shoe={data} />;
}

/** Spec: start time, base bet in Satoshi, the dealer's and each player hand's score, status and cards, and the shoe. */
export function HandDetails({ handId }: { handId: string }) {
  const { t } = useTranslation();
  const format = useSatsFormat();
  const formats = useFormats();
  const { data: hand, isLoading, isError } = useGetHandQuery(handId);
  const [showShoe, setShowShoe] = useState(false);

  if (isLoading) return <Spinner label={t('ledger.details.loading')} />;
  if (isError || !hand) return <p className={styles.shoeError}>{t('ledger.details.failed')}</p>;

  const positions = new Set<number>([...hand.dealerHand.cards.map((c) => c.cardIndex), ...hand.playerHands.flatMap((h) => h.cardIndices)]);
  return (
    <div className={styles.details} data-testid="hand-details">
      <dl className={styles.facts}>
        <div>
          <dt>{t('ledger.details.startTime')}</dt>
          <dd>{formats.ledgerTime(hand.createdTime).join(' ')}</dd>
        </div>
        <div>
          <dt>{t('ledger.details.baseBet')}</dt>
          <dd>{t('ledger.details.baseBetValue', { amount: format.sats(hand.baseBetAmount) })}</dd>
        </div>
        <div>
          <dt>{t('ledger.details.handOfShoe')}</dt>
          <dd>{t('ledger.details.handOfShoeValue', { n: hand.handNumber, total: HANDS_PER_SHOE })}</dd>
        </div>
      </dl>

      <div className={styles.hands}>
        <div className={styles.handCol}>
          <h4 className={styles.subhead}>
            {t('ledger.details.dealer')} <span className={styles.score}>{hand.dealerHand.displayScore === 'Bust' ? t('ledger.details.bust') : hand.dealerHand.displayScore}</span>
          </h4>
          <Cards cards={hand.dealerHand.cards} />
        </div>
        {hand.playerHands.map((ph, i) => (
          <div key={i} className={styles.handCol} data-testid="ledger-player-hand">
            <h4 className={styles.subhead}>
              {hand.playerHands.length > 1 ? t('ledger.details.handN', { n: i + 1 }) : t('ledger.details.hand')}{' '}
              <span className={styles.score}>{ph.displayScore === 'Bust' ? t('ledger.details.bust') : ph.displayScore}</span>{' '}
              <span className={`${styles.stateChip} ${styles[`state${ph.handState}`] ?? ''}`}>{t(`ledger.states.${ph.handState}`)}</span>
            </h4>
            <Cards cards={ph.cards} />
          </div>
        ))}
      </div>

      <button type="button" className="btn btn-ghost btn-sm" aria-expanded={showShoe} onClick={() => setShowShoe((v) => !v)} data-testid="toggle-shoe">
        {showShoe ? t('ledger.shoe.hide') : t('ledger.shoe.show')}
      </button>
      {showShoe ? <HandShoe handId={hand.id} highlight={positions} /> : null}
    </div>
  );
}
