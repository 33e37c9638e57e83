import { useCallback, useEffect, useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import type { Hand, HandAction, HandActionResponse } from '@bahati/contracts';
import { useAppDispatch } from '@/app/hooks';
import { api, useGetBankQuery, useGetHandQuery, useGetPlayerQuery } from '@/lib/api';
import type { DealSpeed } from '@/lib/deal-speed';
import { useDealSequence } from './use-deal-sequence';

export type Mode = 'loading' | 'betting' | 'insurance' | 'evenMoney' | 'playing';

/** What the table offers follows the hand's phase; no hand, or a settled one, takes bets. */
export function modeOf(hand: Hand | null): Exclude<Mode, 'loading'> {
  switch (hand?.phase) {
    case 'InsuranceOffered':
      return 'insurance';
    case 'EvenMoneyOffered':
      return 'evenMoney';
    case 'PlayerTurn':
      return 'playing';
    default:
      return 'betting';
  }
}

/**
 * The hand on the table as the server last answered it. It lives in the API cache under `getHand`
 * (the ledger reads the same entry), the bank under `getBank`; an answer is written there and its cards
 * played by the sequencer. Which hand is on the table is all this hook holds.
 */
export function useHand(onLanded: (previous: Hand | null, answer: HandActionResponse) => void, speed: DealSpeed) {
  const dispatch = useAppDispatch();
  const playerQuery = useGetPlayerQuery(undefined, { refetchOnMountOrArgChange: true });
  const player = playerQuery.data;
  const { data: bank } = useGetBankQuery();
  /** undefined until the player's hand in play (if any) is known. */
  const [handId, setHandId] = useState<string | null | undefined>(undefined);
  const { currentData } = useGetHandQuery(handId ?? skipToken);
  const hand = (handId && currentData) || null;
  const { sequence, inFlight, shown, play, onCard } = useDealSequence(hand, speed);
  const landedRef = useRef(onLanded);
  landedRef.current = onLanded;

  /** Puts the server's answer on the table; its new cards fly in unless `animate` is false. */
  const apply = useCallback(
    (answer: HandActionResponse, options: { animate?: boolean } = {}) => {
      const previous = hand;
      // The hand and its card sequence change in the same render: a card must mount on the shoe to fly.
      dispatch(api.util.upsertQueryEntries([{ endpointName: 'getHand', arg: answer.hand.id, value: answer.hand }]));
      setHandId(answer.hand.id);
      play(previous, answer, () => landedRef.current(previous, answer), options);
    },
    [dispatch, hand, play],
  );

  /** Shows the server's hand `id` as it is now (or an empty table), without dealing it again. */
  const load = useCallback(
    async (id: string | null) => {
      if (!id) return void setHandId(null);
      const now = await dispatch(api.endpoints.getHand.initiate(id, { subscribe: false, forceRefetch: true })).unwrap();
      apply({ hand: now, bank: null, winAmount: null, nextShoe: null }, { animate: false });
    },
    [apply, dispatch],
  );

  // On arrival: the hand in play after a reload, or another visit, is picked up where it stands.
  useEffect(() => {
    if (handId !== undefined || !player || playerQuery.isFetching) return;
    load(player.activeHandId).catch(() => setHandId(null));
  }, [handId, load, player, playerQuery.isFetching]);

  /** The server says the table is out of step (a hand in play it does not show, or none where it shows one). */
  const resync = useCallback(async () => {
    const fresh = await dispatch(api.endpoints.getPlayer.initiate(undefined, { subscribe: false, forceRefetch: true })).unwrap();
    await load(fresh.activeHandId);
  }, [dispatch, load]);

  const inPlay = hand !== null && hand.phase !== 'Settled';
  const active = hand && hand.activeHandIndex !== null ? (hand.playerHands[hand.activeHandIndex] ?? null) : null;
  const allowed = useCallback((action: HandAction) => Boolean(hand && hand.allowedActions.includes(action)), [hand]);
  /** Double or split would be allowed but for the bank: the button stays on and explains (spec §5). */
  const blockedByBank = useCallback(
    (action: 'double' | 'split') => {
      if (!hand || hand.phase !== 'PlayerTurn' || !active || active.cards.length !== 2 || allowed(action)) return false;
      if ((bank ?? 0) >= hand.baseBetAmount) return false;
      if (action === 'split') return active.cards[0]!.value === active.cards[1]!.value && hand.playerHands.length < 4;
      return true;
    },
    [active, allowed, bank, hand],
  );

  const loading = !player || handId === undefined || (handId !== null && !hand);
  return {
    player,
    bank,
    hand,
    shown,
    sequence,
    onCard,
    inFlight,
    inPlay,
    mode: loading ? ('loading' as const) : modeOf(hand),
    apply,
    resync,
    allowed,
    blockedByBank,
  };
}
