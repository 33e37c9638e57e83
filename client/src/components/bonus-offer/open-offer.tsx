import { expectedLoss, type Bonus } from '@bahati/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { useDateTimeFormat } from '@/components/format/format';
import { useGetBonusesQuery } from '@/lib/api';
import { useCurrentPlayer } from '@/lib/current-player';
import { AcceptBonusDialog, DeclineBonusDialog } from './bonus-dialogs';
import styles from './bonus-offer.module.css';

/** The offer the player can still answer: the newest one offered and not yet expired, or none. */
export function openOffer(bonuses: readonly Bonus[] | undefined, now = Date.now()): Bonus | undefined {
  return (bonuses ?? []).find((b) => b.status === 'Offered' && (b.expiresAt === null || Date.parse(b.expiresAt) > now));
}

/**
 * The first-deposit offer where the player is (the deposit's success dialog, the table): its amount, what it asks
 * to wager and until when, what it is worth on average at the player's level (the calculator's figure), and
 * Accept / Decline, which open the same dialogs as the bonuses page. Nothing when no offer is open.
 */
export function OpenOffer({ place, onDecided }: { place: 'deposit' | 'table'; onDecided?: (outcome: string) => void }) {
  const { t } = useTranslation();
  const format = useSatsFormat();
  const formatDate = useDateTimeFormat();
  const { player } = useCurrentPlayer();
  const { data: bonuses } = useGetBonusesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [accepting, setAccepting] = useState<Bonus | null>(null);
  const [declining, setDeclining] = useState<Bonus | null>(null);
  const offer = openOffer(bonuses);
  const level = player?.level ?? 0;

  const dialogs = (
    <>
      <AcceptBonusDialog
        bonus={accepting}
        level={level}
        onClose={() => setAccepting(null)}
        onAccepted={(bonus) => {
          setAccepting(null);
          onDecided?.(t('bonuses.accepted', { amount: format.sats(bonus.bonusAmount) }));
        }}
      />
      <DeclineBonusDialog
        bonus={declining}
        onClose={() => setDeclining(null)}
        onDeclined={() => {
          setDeclining(null);
          onDecided?.(t('bonuses.declined'));
        }}
      />
    </>
  );
  if (!offer) return dialogs;

  const value = offer.bonusAmount - expectedLoss(offer.playthroughTarget, level);
  const worth =
    value > 0
      ? t('bonusOffer.worth', { amount: format.sats(value) })
      : value < 0
        ? t('bonusOffer.costs', { amount: format.sats(-value) })
        : t('bonusOffer.even');
  return (
    <section className={`${styles.offer} ${place === 'table' ? styles.offerTable : ''}`} aria-labelledby={`offer-${offer.id}`} data-testid={`open-offer-${place}`}>
      <div className={styles.offerText}>
        <h2 id={`offer-${offer.id}`} className={styles.offerTitle}>
          {t('bonusOffer.title', { amount: format.sats(offer.bonusAmount) })}
        </h2>
        <p>
          {offer.expiresAt
            ? t('bonusOffer.terms', { target: format.sats(offer.playthroughTarget), date: formatDate(offer.expiresAt) })
            : t('bonuses.toWager', { target: format.sats(offer.playthroughTarget) })}
        </p>
        <p className={value < 0 ? styles.offerCost : styles.offerWorth} data-testid="open-offer-worth">
          {worth}
        </p>
      </div>
      <div className={styles.offerActions}>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setAccepting(offer)} aria-label={t('bonuses.acceptLabel', { amount: format.sats(offer.bonusAmount) })}>
          {t('bonuses.accept')}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDeclining(offer)} aria-label={t('bonuses.declineLabel', { amount: format.sats(offer.bonusAmount) })}>
          {t('bonuses.decline')}
        </button>
      </div>
      {dialogs}
    </section>
  );
}
