import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Hand, HandActionResponse } from '@bahati/contracts';
import { useAppDispatch } from '@/app/hooks';
import { api } from '@/lib/api';
import { useDealAnimations } from '@/lib/motion';
import { dealSequence, EMPTY_SEQUENCE, type Sequence } from './deal-sequence';
import { handInFlight } from './shown-hand';

/**
 * Plays the cards of each answer onto the table (spec §4). While they fly, the table shows the hand
 * without them (`shown`): scores, results and a settling bank wait until the last card has landed;
 * with reduced motion (the device's wish, or the player's animation setting off) there is nothing to wait for. `onLanded` runs when the cards are down, or at
 * once if the table closes first, so what waits for them is never lost.
 */
export function useDealSequence(hand: Hand | null) {
  const dispatch = useAppDispatch();
  const [sequence, setSequence] = useState<Sequence>(EMPTY_SEQUENCE);
  const [inFlight, setInFlight] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const pending = useRef<(() => void) | null>(null);
  const animations = useDealAnimations();

  const land = useCallback(() => {
    window.clearTimeout(timer.current);
    const done = pending.current;
    pending.current = null;
    setInFlight(false);
    done?.();
  }, []);
  useEffect(() => land, [land]);

  const writeBank = useCallback((bank: number) => void dispatch(api.util.upsertQueryData('getBank', undefined, bank)), [dispatch]);

  /** Starts the cards of `answer` (none with `animate: false`), from the hand the table showed before it. */
  const play = useCallback(
    (previous: Hand | null, answer: HandActionResponse, onLanded: () => void, options: { animate?: boolean } = {}) => {
      land();
      const next = options.animate === false ? EMPTY_SEQUENCE : dealSequence(previous, answer.hand, !animations);
      // A settled hand's bank would give the result away before the dealer's cards are down.
      const holdBank = answer.hand.phase === 'Settled' && next.total > 0;
      if (answer.bank !== null && !holdBank) writeBank(answer.bank);
      setSequence(next);
      pending.current = () => {
        if (answer.bank !== null && holdBank) writeBank(answer.bank);
        onLanded();
      };
      if (next.total > 0) {
        setInFlight(true);
        timer.current = window.setTimeout(land, next.total);
      } else {
        land();
      }
    },
    [animations, land, writeBank],
  );

  const shown = useMemo(() => (hand && inFlight ? handInFlight(hand, sequence) : hand), [hand, inFlight, sequence]);
  return { sequence, inFlight, shown, play };
}
