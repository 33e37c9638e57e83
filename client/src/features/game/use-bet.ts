import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseWholeNumber, type WholeNumberProblem } from '@/components/amount/amount-input';
import { useFormats } from '@/i18n/use-localized-path';
import { CHIP_VALUES, MAX_BET, MIN_BET, type Hand } from '@bahati/contracts';
import { storeBet, storedBet } from './seeds';
import type { Say } from './use-table-notices';

/** Below the smallest chip the bet follows the bank (spec §5). */
const SMALLEST_CHIP = CHIP_VALUES[0];

/** Why the text in the bet box is not a bet the table takes. */
export type BetBoxProblem = WholeNumberProblem | 'zero' | 'aboveMax' | 'aboveBank';

/** What the bet box's text says: a bet from 1 to the limits, or why not. */
export function checkBetText(text: string, bank: number): { value: number } | { problem: BetBoxProblem } | { value: null } {
  const parsed = parseWholeNumber(text);
  if ('problem' in parsed || parsed.value === null) return parsed;
  if (parsed.value < MIN_BET) return { problem: 'zero' };
  if (parsed.value > MAX_BET) return { problem: 'aboveMax' };
  if (parsed.value > bank) return { problem: 'aboveBank' };
  return { value: parsed.value };
}

/**
 * The bet being built between hands — with chips, the bet box, ½ and 2× — and the last one placed
 * (for Rebet). A hand on the table that this bet did not deal (a reload mid-hand) sets both to its
 * base bet. The box keeps the player's text: a decimal point, a minus sign or anything but digits is
 * refused there with the reason, and no deal goes out while it is.
 */
export function useBet({ bank, hand, locked, say }: { bank: number | undefined; hand: Hand | null; locked: boolean; say: Say }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const [bet, setBetValue] = useState(storedBet);
  const [lastBet, setLastBet] = useState(storedBet);
  const [text, setText] = useState(() => (storedBet() > 0 ? formats.sats(storedBet()) : ''));
  const [problem, setProblem] = useState<BetBoxProblem | null>(null);
  const inPlay = hand !== null && hand.phase !== 'Settled';
  const current = bank ?? 0;

  /** The bet from anywhere but the box: the box shows it, and any refusal there is gone. */
  const setBet = useCallback(
    (value: number) => {
      setBetValue(value);
      setText(value > 0 ? formats.sats(value) : '');
      setProblem(null);
    },
    [formats],
  );

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
      say('info', t('game.notices.betAdjusted', { amount: formats.sats(bank), chip: formats.sats(SMALLEST_CHIP) }), undefined, (c) => c.bank >= SMALLEST_CHIP);
    }
    // Only when the bank changes between hands.
  }, [bank, inPlay]);

  /** A bet raised past a limit stops at it, and the player is told which. */
  const capped = useCallback(
    (wanted: number): number => {
      let next = wanted;
      if (next > MAX_BET) {
        next = MAX_BET;
        say('info', t('game.notices.maxBet', { amount: formats.sats(MAX_BET) }), undefined, (c) => c.bet < MAX_BET);
      }
      if (next > current) {
        next = current;
        say('info', t('game.notices.betCapped'), undefined, (c) => c.bet < c.bank);
      }
      return next;
    },
    [current, formats, say, t],
  );

  const depositFirst = useCallback(() => say('warning', t('game.errors.depositFirst'), { to: '/deposit', label: t('game.notices.deposit') }, (c) => c.bank > 0), [say, t]);

  const addChip = useCallback(
    (value: number) => {
      if (inPlay || locked) return;
      if (current <= 0) return depositFirst();
      if (current < SMALLEST_CHIP) {
        setBet(current);
        return say('info', t('game.notices.betAdjusted', { amount: formats.sats(current), chip: formats.sats(SMALLEST_CHIP) }), undefined, (c) => c.bank >= SMALLEST_CHIP);
      }
      setBet(capped((problem ? 0 : bet) + value));
    },
    [bet, capped, current, depositFirst, formats, inPlay, locked, problem, say, setBet, t],
  );

  /** ½ and 2×: half rounds down (never under 1 sat), double stops at the limits. */
  const halve = useCallback(() => {
    if (inPlay || locked || problem || bet <= 0) return;
    setBet(Math.max(MIN_BET, Math.floor(bet / 2)));
  }, [bet, inPlay, locked, problem, setBet]);
  const twice = useCallback(() => {
    if (inPlay || locked || problem || bet <= 0) return;
    if (current <= 0) return depositFirst();
    setBet(capped(bet * 2));
  }, [bet, capped, current, depositFirst, inPlay, locked, problem, setBet]);

  /** The player types in the bet box: a bet the table takes becomes the bet; anything else is refused there, with the reason. */
  const typeBet = useCallback(
    (typed: string) => {
      if (inPlay || locked) return;
      setText(typed);
      const checked = checkBetText(typed, current);
      if ('problem' in checked) return setProblem(checked.problem);
      setProblem(null);
      setBetValue(checked.value ?? 0);
    },
    [current, inPlay, locked],
  );

  const clearBet = useCallback(() => {
    if (!inPlay && !locked) setBet(0);
  }, [inPlay, locked, setBet]);

  /** Whether the bet may be dealt; if not, the player is told why. */
  const ready = useCallback((): boolean => {
    if (current <= 0) depositFirst();
    else if (problem) say('error', t('game.betBox.fixFirst'), undefined, (c) => !c.betProblem);
    else if (bet <= 0) say('info', t('game.errors.zeroBet'), undefined, (c) => c.bet > 0);
    else if (bet > current) say('error', t('game.errors.betAboveBank'), undefined, (c) => c.bet <= c.bank);
    else return true;
    return false;
  }, [bet, current, depositFirst, problem, say, t]);

  return { bet, lastBet, shown: inPlay && hand ? hand.baseBetAmount : problem ? 0 : bet, addChip, clearBet, halve, twice, ready, text, typeBet, problem };
}
