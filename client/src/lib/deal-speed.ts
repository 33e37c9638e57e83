import { useCallback, useState } from 'react';
import { useCurrentPlayer } from './current-player';
import { usePrefersReducedMotion } from './motion';

/** How the table deals: cards gliding from the shoe, the same a little quicker, or simply there. */
export type DealSpeed = 'normal' | 'fast' | 'instant';
export const DEAL_SPEEDS: readonly DealSpeed[] = ['normal', 'fast', 'instant'];

/** A card's flight and the wait between cards of one answer (spec §9: a flight lasts 200–600 ms). */
export interface DealTiming {
  flightMs: number;
  playerStepMs: number;
  dealerStepMs: number;
  /** The pause between the player's new cards and the dealer's play. */
  dealerPauseMs: number;
}

export const DEAL_TIMING: Record<Exclude<DealSpeed, 'instant'>, DealTiming> = {
  normal: { flightMs: 380, playerStepMs: 200, dealerStepMs: 450, dealerPauseMs: 120 },
  fast: { flightMs: 200, playerStepMs: 100, dealerStepMs: 220, dealerPauseMs: 60 },
};

const KEY = 'bahati.dealSpeed';

const isSpeed = (value: unknown): value is DealSpeed => typeof value === 'string' && (DEAL_SPEEDS as readonly string[]).includes(value);

function stored(): DealSpeed | null {
  try {
    const value = localStorage.getItem(KEY);
    return isSpeed(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The dealing speed chosen on the table, remembered on this device. Until the player chooses, a device
 * that asks for reduced motion, or a player whose profile turns animations off, gets instant dealing.
 */
export function useDealSpeed(): [DealSpeed, (speed: DealSpeed) => void] {
  const reduced = usePrefersReducedMotion();
  const { player } = useCurrentPlayer();
  const [chosen, setChosen] = useState<DealSpeed | null>(stored);
  const set = useCallback((speed: DealSpeed) => {
    setChosen(speed);
    try {
      localStorage.setItem(KEY, speed);
    } catch {
      // private mode: the choice lasts this visit
    }
  }, []);
  const fallback: DealSpeed = reduced || player?.animate === false ? 'instant' : 'normal';
  return [chosen ?? fallback, set];
}

/** The next speed of the table's speed button. */
export const nextSpeed = (speed: DealSpeed): DealSpeed => DEAL_SPEEDS[(DEAL_SPEEDS.indexOf(speed) + 1) % DEAL_SPEEDS.length]!;

/** A card's flight at `speed` (the table's CSS reads it), 0 at instant speed. */
export const flightMs = (speed: DealSpeed): number => (speed === 'instant' ? 0 : DEAL_TIMING[speed].flightMs);

/** The profile's animation setting changed: it decides again until the player picks a speed at the table. */
export function forgetDealSpeed(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
