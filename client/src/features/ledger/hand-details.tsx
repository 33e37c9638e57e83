import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { HANDS_PER_SHOE, type Card, type Hand, type Shoe } from '@bahati/contracts';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { LocalizedLink } from '@/components/localized-link';
import { cardLabel } from '@/components/playing-card/card-label';
import { PlayingCard } from '@/components/playing-card/playing-card';
import { Spinner } from '@/components/spinner';
import { useShoeVerification } from '@/components/shoe-check/use-shoe-verification';
import { HashResult, ShuffleVerdict } from '@/components/shoe-check/verdicts';
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

function ShoeSeeds({ shoe }: { shoe: Shoe }) {
  const { t } = useTranslation();
  return (
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
  );
}

/** The shoe's 208 cards in dealing order, this hand's marked. */
function ShoeCards({ shoe, highlight }: { shoe: Shoe; highlight?: ReadonlySet<number> }) {
  const { t } = useTranslation();
  return (
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
  );
}

/** A retired shoe: its seeds, and its 208 cards in dealing order with this hand's cards marked. */
export function ShoeView({ shoe, highlight }: { shoe: Shoe; highlight?: ReadonlySet<number> }) {
  const { t } = useTranslation();
  return (
    <div className={styles.shoe} data-testid="ledger-shoe">
      <ShoeSeeds shoe={shoe} />
      {shoe.cards.length ? <ShoeCards shoe={shoe} highlight={highlight} /> : <p className={styles.muted}>{t('ledger.shoe.inUse')}</p>}
      <LocalizedLink to={`/provable?id=${shoe.id}`} className="btn btn-primary btn-sm" data-testid="verify-shoe-link">
        {t('ledger.shoe.verify')}
      </LocalizedLink>
    </div>
  );
}

/** A shoe still in play says so at once; on asking, what is known of it (its id and the committed house seed hash). */
function ShoeInPlay({ shoeId }: { shoeId: string }) {
  const { t } = useTranslation();
  const [show, setShow] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-ghost btn-sm" aria-expanded={show} onClick={() => setShow((v) => !v)} data-testid="toggle-shoe">
        {show ? t('ledger.shoe.hide') : t('ledger.shoe.show')}
      </button>
      {show ? (
        <ShoeById shoeId={shoeId} />
      ) : (
        <p className={styles.muted} data-testid="shoe-in-use">
          {t('ledger.shoe.inUse')}
        </p>
      )}
    </>
  );
}

/**
 * A settled hand's shoe, checked in place once it has retired: its seeds, the house seed's hash against the
 * commitment, the shuffle against the cards dealt, and where this hand's cards lie in it; the shoe's 208
 * cards on asking, and one link to the full verifier. While the shoe is in play, that it is.
 */
function HandShoeCheck({ hand }: { hand: Hand }) {
  const { t } = useTranslation();
  const { data: shoe, error, isLoading } = useGetHandShoeQuery(hand.id);
  const retired = shoe && shoe.houseSeed && shoe.cards.length ? shoe : undefined;
  const check = useShoeVerification(retired);
  const [showCards, setShowCards] = useState(false);

  if (isLoading) return <Spinner label={t('ledger.details.loading')} />;
  if ((error && apiErrorCode(error) !== 'ActiveHand') || (!error && !shoe)) return <p className={styles.shoeError} role="alert">{shoeError(t, error)}</p>;
  if (!retired) return <ShoeInPlay shoeId={hand.shoeId} />;

  const dealt = [...hand.dealerHand.cards, ...hand.playerHands.flatMap((h) => h.cards)].filter((c) => !c.faceDown);
  const positions = [...new Set(dealt.map((c) => c.cardIndex))].sort((a, b) => a - b);
  const shuffled = check.shuffled;
  const handMatches = shuffled ? dealt.every((c) => shuffled[c.cardIndex] === c.id) : null;
  const headingId = `verify-${hand.id}`;
  return (
    <section className={styles.shoe} data-testid="ledger-shoe" aria-labelledby={headingId}>
      <h4 className={styles.subhead} id={headingId}>
        {t('ledger.verify.title')}
      </h4>
      <ShoeSeeds shoe={retired} />
      {check.error ? (
        <p className={styles.shoeError} role="alert">
          {check.error}
        </p>
      ) : check.hash && shuffled ? (
        <>
          <HashResult hash={check.hash} match={check.hashMatch} />
          <ShuffleVerdict count={shuffled.length} differences={check.differences} />
          <p className={styles.positions} data-testid="hand-positions" data-match={String(handMatches)}>
            {t('ledger.verify.positions', { list: positions.map((i) => i + 1).join(', '), total: retired.cards.length })}{' '}
            <span className={handMatches ? styles.verdictOk : styles.verdictBad}>
              {handMatches ? `✓ ${t('ledger.verify.handMatch')}` : `✗ ${t('ledger.verify.handMismatch')}`}
            </span>
          </p>
        </>
      ) : (
        <Spinner label={t('ledger.verify.checking')} />
      )}
      <div className={styles.verifyActions}>
        <button type="button" className="btn btn-ghost btn-sm" aria-expanded={showCards} onClick={() => setShowCards((v) => !v)} data-testid="toggle-shoe">
          {showCards ? t('ledger.shoe.hide') : t('ledger.shoe.show')}
        </button>
        <LocalizedLink to={`/provable?id=${retired.id}`} className="btn btn-primary btn-sm" data-testid="verify-shoe-link">
          {t('ledger.verify.fullVerifier')}
        </LocalizedLink>
      </div>
      {showCards ? <ShoeCards shoe={retired} highlight={new Set(positions)} /> : null}
    </section>
  );
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

  if (isLoading) return <Spinner label={t('ledger.details.loading')} />;
  if (isError || !hand) return <p className={styles.shoeError}>{t('ledger.details.failed')}</p>;

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

      <HandShoeCheck hand={hand} />
    </div>
  );
}
