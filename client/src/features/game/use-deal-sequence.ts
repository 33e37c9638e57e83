import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Hand, HandActionResponse } from '@bahati/contracts';
import { useAppDispatch } from '@/app/hooks';
import { api } from '@/lib/api';
import { dealSequence, EMPTY_SEQUENCE, type Sequence } from './deal-sequence';
import type { DealSpeed } from '@/lib/deal-speed';
import { handInFlight } from './shown-hand';

/**
 * How long the table waits without hearing from any card before it stops waiting: only when no card
 * can report (the table's drawings never loaded). A card that moves, however slowly, reports its
 * start and its landing well within it.
 */
export const SILENT_TABLE_MS = 5_000;

/** A card of the felt telling the sequencer how its move goes. */
export type CardReport = (sequenceId: number, key: string, stage: 'started' | 'landed') => void;

/**
 * Plays the cards of each answer onto the table (spec §4). While they fly, the table shows the hand
 * without them (`shown`): scores, results, the moves and a settling bank wait until every card that
 * moves has reported that its animation ended (`onCard`), however long that takes on a slow device. At
 * instant speed nothing moves and nothing waits. `onLanded` runs when the cards are down, or at once if
 * the table closes first, so what waits for them is never lost.
 */
export function useDealSequence(hand: Hand | null, speed: DealSpeed) {
  const dispatch = useAppDispatch();
  const [sequence, setSequence] = useState<Sequence>(EMPTY_SEQUENCE);
  const [inFlight, setInFlight] = useState(false);
  const current = useRef<Sequence>(EMPTY_SEQUENCE);
  const waiting = useRef(new Set<string>());
  const silence = useRef<number | undefined>(undefined);
  const pending = useRef<(() => void) | null>(null);

  const land = useCallback(() => {
    window.clearTimeout(silence.current);
    waiting.current.clear();
    const done = pending.current;
    pending.current = null;
    setInFlight(false);
    done?.();
  }, []);
  useEffect(() => land, [land]);

  /** Restarts the wait for the next word from a card; a hidden page (no frames drawn) keeps waiting. */
  const listen = useCallback(() => {
    window.clearTimeout(silence.current);
    const check = () => {
      if (document.visibilityState === 'hidden') silence.current = window.setTimeout(check, SILENT_TABLE_MS);
      else land();
    };
    silence.current = window.setTimeout(check, SILENT_TABLE_MS);
  }, [land]);

  const onCard = useCallback<CardReport>(
    (sequenceId, key, stage) => {
      if (sequenceId !== current.current.id || !waiting.current.has(key)) return;
      if (stage === 'started') return listen();
      waiting.current.delete(key);
      if (waiting.current.size === 0) land();
      else listen();
    },
    [land, listen],
  );

  const writeBank = useCallback((bank: number) => void dispatch(api.util.upsertQueryData('getBank', undefined, bank)), [dispatch]);

  /** Starts the cards of `answer` (none with `animate: false`), from the hand the table showed before it. */
  const play = useCallback(
    (previous: Hand | null, answer: HandActionResponse, onLanded: () => void, options: { animate?: boolean } = {}) => {
      land();
      const next = dealSequence(previous, answer.hand, options.animate === false ? 'instant' : speed);
      // A settled hand's bank would give the result away before the dealer's cards are down.
      const holdBank = answer.hand.phase === 'Settled' && next.moving.size > 0;
      if (answer.bank !== null && !holdBank) writeBank(answer.bank);
      current.current = next;
      setSequence(next);
      pending.current = () => {
        if (answer.bank !== null && holdBank) writeBank(answer.bank);
        onLanded();
      };
      if (next.moving.size > 0) {
        waiting.current = new Set(next.moving);
        setInFlight(true);
        listen();
      } else {
        land();
      }
    },
    [land, listen, speed, writeBank],
  );

  const shown = useMemo(() => (hand && inFlight ? handInFlight(hand, sequence) : hand), [hand, inFlight, sequence]);
  return { sequence, inFlight, shown, play, onCard };
}
