import { useTranslation } from 'react-i18next';
import type { Hand } from '@bahati/contracts';
import type { useSatsFormat } from '@/components/amount/sats-amount';
import round from './round-line.module.css';

type Format = ReturnType<typeof useSatsFormat>;

/** The round's money: every stake (splits, doubles, insurance) and, once settled, all it paid back. */
export function roundMoney(hand: Hand): { staked: number; returned: number | null; net: number | null } {
  const staked = hand.playerHands.reduce((sum, ph) => sum + ph.betAmount, 0) + hand.insuranceBet;
  if (hand.phase !== 'Settled') return { staked, returned: null, net: null };
  const returned = hand.playerHands.reduce((sum, ph) => sum + (ph.winAmount ?? 0), 0) + hand.insuranceWin;
  return { staked, returned, net: returned - staked };
}

/**
 * One line for the round under the table: what is staked while it is played, then staked, paid back and the
 * net once it settles, however many hands it split into. It follows the hand as shown (cards landed).
 */
export function RoundLine({ hand, format }: { hand: Hand | null; format: Format }) {
  const { t } = useTranslation();
  if (!hand || hand.playerHands.every((ph) => ph.cards.length === 0)) return <div className={round.roundLine} aria-hidden="true" />;
  const { staked, returned, net } = roundMoney(hand);
  const tone = net === null ? '' : net > 0 ? round.roundWin : net < 0 ? round.roundLost : round.roundPush;
  return (
    <p className={`${round.roundLine} ${tone}`} data-testid="round-line" data-staked={staked} data-returned={returned ?? undefined} data-net={net ?? undefined}>
      <span className={round.roundTitle}>{returned === null ? t('game.round.inPlay') : t('game.round.settled')}</span>
      <span className={round.roundItem}>
        {t('game.round.staked')} <strong>{t('game.sats', { amount: format.sats(staked) })}</strong>
      </span>
      {returned !== null && net !== null ? (
        <>
          <span className={round.roundItem}>
            {t('game.round.returned')} <strong>{t('game.sats', { amount: format.sats(returned) })}</strong>
          </span>
          <span className={round.roundItem}>
            {t('game.round.net')} <strong className={round.roundNet}>{t('game.sats', { amount: format.signed(net) })}</strong>
          </span>
        </>
      ) : null}
    </p>
  );
}
