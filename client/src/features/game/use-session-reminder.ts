import { useCallback, useEffect, useState } from 'react';
import type { Hand, LimitSettingView } from '@bahati/contracts';
import { useGetLimitsQuery } from '@/lib/api';
import { useCurrentPlayer } from '@/lib/current-player';

/**
 * The playing session of this browser tab: it starts when the table first loads in the tab and survives a
 * reload (sessionStorage lives as long as the tab). A new tab, or another player signing in, starts anew.
 */
interface TableSession {
  playerId: string;
  /** Epoch milliseconds. */
  startedAt: number;
  /** Sum of the settled hands' net (what each paid back minus everything staked on it) since the start. */
  net: number;
  /** The hands already counted, so a hand shown again is not counted twice (the latest few are enough). */
  counted: string[];
  /** Milliseconds into the session when the player last dismissed a reminder (0: never). */
  acknowledgedAt: number;
}

const STORAGE_KEY = 'bahati.tableSession';
const COUNTED_KEPT = 20;
const MINUTE = 60_000;

function isTableSession(value: unknown): value is TableSession {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Record<string, unknown>;
  return (
    typeof s.playerId === 'string' &&
    Number.isFinite(s.startedAt) &&
    Number.isFinite(s.net) &&
    Number.isFinite(s.acknowledgedAt) &&
    Array.isArray(s.counted) &&
    s.counted.every((id) => typeof id === 'string')
  );
}

function readSession(playerId: string): TableSession | null {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? 'null');
    return isTableSession(stored) && stored.playerId === playerId ? stored : null;
  } catch {
    return null;
  }
}

function writeSession(session: TableSession): TableSession {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  } catch {
    // Storage can be full or blocked; the session then lasts as long as the page.
  }
  return session;
}

/** The reminder's period in force now: a looser value waiting for its 24 hours counts once its time has come. */
function minutesInForce(setting: LimitSettingView | undefined, now: number): number | null {
  if (!setting) return null;
  return setting.pending && Date.parse(setting.pending.effectiveAt) <= now ? setting.pending.value : setting.value;
}

export interface SessionReminder {
  /** Whole minutes played in this session. */
  minutes: number;
  /** Net result of the hands settled in this session, in satoshis. */
  net: number;
  /** The period the player chose. */
  every: number;
}

/**
 * The player's session reminder (profile → limits): every N minutes of the session a reminder of the time
 * played and the net result. It waits while a hand is in play or its cards are still landing, so it never
 * covers a decision and its net includes the hand just finished.
 *
 * The net is the sum of the settled hands' net taken from the hand answers the table receives (what the
 * hand paid back minus everything staked on it), not the difference in the bank: deposits and withdrawals
 * made meanwhile do not distort it.
 */
export function useSessionReminder({ hand, busy }: { hand: Hand | null; busy: boolean }) {
  const { player } = useCurrentPlayer();
  const playerId = player?.id;
  // Read on arrival: a change made on the profile, or one that waited its 24 hours, is picked up here.
  const { data: limits } = useGetLimitsQuery(undefined, { skip: !playerId, refetchOnMountOrArgChange: true });
  const [session, setSession] = useState<TableSession | null>(null);
  const [due, setDue] = useState(false);
  const [shown, setShown] = useState<SessionReminder | null>(null);

  useEffect(() => {
    if (!playerId) return;
    setSession((current) => {
      if (current?.playerId === playerId) return current;
      return readSession(playerId) ?? writeSession({ playerId, startedAt: Date.now(), net: 0, counted: [], acknowledgedAt: 0 });
    });
  }, [playerId]);

  useEffect(() => {
    if (!hand || hand.phase !== 'Settled' || hand.winAmount === null) return;
    const { id, winAmount, totalBetAmount } = hand;
    setSession((current) => {
      if (!current || current.counted.includes(id)) return current;
      return writeSession({ ...current, net: current.net + winAmount - totalBetAmount, counted: [...current.counted, id].slice(-COUNTED_KEPT) });
    });
  }, [hand]);

  const every = limits ? minutesInForce(limits.limits.sessionReminderMinutes, Date.now()) : null;
  const startedAt = session?.startedAt;
  const acknowledgedAt = session?.acknowledgedAt;

  // Due at each whole period of the session after the last one the player dismissed.
  useEffect(() => {
    setDue(false);
    if (!every || startedAt === undefined || acknowledgedAt === undefined) return;
    const period = every * MINUTE;
    const nextAt = (Math.floor(acknowledgedAt / period) + 1) * period;
    const wait = nextAt - (Date.now() - startedAt);
    if (wait <= 0) return void setDue(true);
    const timer = window.setTimeout(() => setDue(true), wait);
    return () => window.clearTimeout(timer);
  }, [acknowledgedAt, every, startedAt]);

  useEffect(() => {
    if (!due || busy || !session || !every || shown) return;
    setShown({ minutes: Math.floor((Date.now() - session.startedAt) / MINUTE), net: session.net, every });
  }, [busy, due, every, session, shown]);

  const dismiss = useCallback(() => {
    setShown(null);
    setDue(false);
    setSession((current) => (current ? writeSession({ ...current, acknowledgedAt: Date.now() - current.startedAt }) : current));
  }, []);

  return { reminder: shown, dismiss };
}
