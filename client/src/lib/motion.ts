import { useSyncExternalStore } from 'react';
import { useCurrentPlayer } from './current-player';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function reducedMotionQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null;
}

export function prefersReducedMotion(): boolean {
  return reducedMotionQuery()?.matches === true;
}

function subscribe(onChange: () => void): () => void {
  const query = reducedMotionQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the device asks for reduced motion, following changes while the page is open. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}

/**
 * Whether the table animates its deals: the player's animation setting (profile) and the device's
 * reduced-motion wish must both allow it; either one turns the animations off the same way.
 */
export function useDealAnimations(): boolean {
  const reduced = usePrefersReducedMotion();
  const { player } = useCurrentPlayer();
  return !reduced && player?.animate !== false;
}
