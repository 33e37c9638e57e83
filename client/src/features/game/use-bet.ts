import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '@/i18n/use-localized-path';
import { CHIP_VALUES, MAX_BET, type Hand } from '@bahati/contracts';
import { storeBet, storedBet } from './seeds';
import type { Say } from './use-table-notices';

/** Below the smallest chip the bet follows the bank (spec §5). */
const SMALLEST_CHIP = CHIP_VALUES[0];

/**
 * The bet being built with chips between hands, and the last one placed (for Rebet). A hand on the
 * table that this bet did not deal (a reload mid-hand) sets both to its base bet.
 */
export function useBet({ bank, hand, locked, say }: { bank: number | undefined; hand: Hand | null; locked: boolean; say: Say }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const [bet, setBet] = useState(storedBet);
  const [lastBet, setLastBet] = useState(storedBet);
  const inPlay = hand !== null && hand.phase !== 'Settled';
  const current = bank ?? 0;

  const handId = hand?.id;
  const baseBet = hand?.baseBetAmount;
  useEffect(() => {
    if (!handId || baseBet === undefined) return;
    setBet(baseBet);
    setLastBet(baseBet);
    storeBet(baseBet);
  }, [handId, baseBet]);

  useEffect(() => {
    if (!inPlay && bank !== undefined && bank > 0 && bank < SMALLEST_CHIP && bet !== bank) {
      setBet(bank);
      say('info', t('game.notices.betAdjusted', { amount: formats.sats(bank), chip: formats.sats(SMALLEST_CHIP) }));
    }
    // Only when the bank changes between hands.
  }, [bank, inPlay]);

  const addChip = useCallback(
    (value: number) => {
      if (inPlay || locked) return;
      if (current <= 0) return say('warning', t('game.errors.depositFirst'), { to: '/deposit', label: t('game.notices.deposit') });
      if (current < SMALLEST_CHIP) {
        setBet(current);
        return say('info', t('game.notices.betAdjusted', { amount: formats.sats(current), chip: formats.sats(SMALLEST_CHIP) }));
      }
      let next = bet + value;
      if (next > MAX_BET) {
        next = MAX_BET;
        say('info', t('game.notices.maxBet', { amount: formats.sats(MAX_BET) }));
      }
      if (next > current) {
        next = current;
        say('info', t('game.notices.betCapped'));
      }
      setBet(next);
    },
    [bet, current, formats, inPlay, locked, say, t],
  );

  const clearBet = useCallback(() => {
    if (!inPlay && !locked) setBet(0);
  }, [inPlay, locked]);

  /** Whether the bet may be dealt; if not, the player is told why. */
  const ready = useCallback((): boolean => {
    if (current <= 0) say('warning', t('game.errors.depositFirst'), { to: '/deposit', label: t('game.notices.deposit') });
    else if (bet <= 0) say('info', t('game.errors.zeroBet'));
    else if (bet > current) say('error', t('game.errors.betAboveBank'));
    else return true;
    return false;
  }, [bet, current, say, t]);

  return { bet, lastBet, shown: inPlay && hand ? hand.baseBetAmount : bet, addChip, clearBet, ready };
}
