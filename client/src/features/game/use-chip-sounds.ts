import { useCallback, type RefObject } from 'react';
import { playChip } from './sound';

/** Chips, ½ and 2× click when the sound is on (not while a hand is in play or a request is out). */
export function useChipSounds({
  bet,
  soundRef,
  inPlay,
  pending,
}: {
  bet: { addChip: (value: number) => void; halve: () => void; twice: () => void };
  soundRef: RefObject<boolean>;
  inPlay: boolean;
  pending: boolean;
}) {
  const chipSound = useCallback(() => {
    if (soundRef.current && !inPlay && !pending) playChip();
  }, [inPlay, pending]);
  const { addChip: addChipToBet, halve, twice } = bet;
  const addChip = useCallback(
    (value: number) => {
      chipSound();
      addChipToBet(value);
    },
    [addChipToBet, chipSound],
  );
  const halveBet = useCallback(() => {
    chipSound();
    halve();
  }, [chipSound, halve]);
  const doubleBet = useCallback(() => {
    chipSound();
    twice();
  }, [chipSound, twice]);

  return { addChip, halveBet, doubleBet };
}
