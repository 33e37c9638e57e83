import type { Bonus } from '@bahati/contracts';
import { useMemo } from 'react';
import { useGetBonusesQuery } from '@/lib/api';

/**
 * What the player still has to wager before withdrawals open: every accepted bonus counts (stakes go to the oldest
 * first), so the figure is the sum over all of them. The withdraw lock and the bonuses headline both show this one
 * figure, from the playthrough read model (`GET /api/bonuses`), as the server decides the lock from the same sum.
 */
export interface Wagering {
  /** Sats still to wager across the accepted bonuses; withdrawals are locked while above 0. */
  left: number;
  /** Wagered so far toward the accepted bonuses. */
  wagered: number;
  /** The accepted bonuses' targets added up. */
  target: number;
  /** The accepted bonuses, oldest first (the order stakes count in). */
  accepted: Bonus[];
}

export function wageringOf(bonuses: readonly Bonus[] | undefined): Wagering {
  const accepted = (bonuses ?? []).filter((b) => b.status === 'Accepted').sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
  let wagered = 0;
  let target = 0;
  for (const b of accepted) {
    target += b.playthroughTarget;
    wagered += Math.min(b.playthrough, b.playthroughTarget);
  }
  return { left: target - wagered, wagered, target, accepted };
}

/** The player's bonuses and what is still to wager, read fresh whenever a screen that shows it opens. */
export function useWagering() {
  const query = useGetBonusesQuery(undefined, { refetchOnMountOrArgChange: true });
  const wagering = useMemo(() => wageringOf(query.data), [query.data]);
  return { ...query, wagering };
}
