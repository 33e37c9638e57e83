import { useCallback, useEffect, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { isValidSeed, NIL_ID, type ActionResponse, type Hand, type HandActionResponse, type NextShoe, type Player, type RetireShoeResponse, type Shoe } from '@bahati/contracts';
import { useGetShoeQuery } from '@/lib/api';
import { randomSeed, storedSeed, storeSeed } from './seeds';

interface DealtSeeds {
  shoeId: string;
  playerSeed: string;
  houseSeedHash: string;
}

/**
 * The provably fair seeds of the shoe the next hand is dealt from (spec §5): the player's seed is a
 * draft until the shoe's first deal fixes it; the house seed is committed by its hash. What a deal,
 * a shoe's last hand or a retirement answers is used as is; the shoe is read only for one this table
 * has not been told about (a reload mid-shoe).
 */
export function useSeeds(player: Player | undefined, hand: Hand | null) {
  const [draft, setDraft] = useState<{ shoeId: string; seed: string } | null>(null);
  const [dealt, setDealt] = useState<DealtSeeds | null>(null);
  const [nextShoe, setNextShoe] = useState<NextShoe | null>(null);
  const [retiredShoe, setRetiredShoe] = useState<Shoe | null>(null);
  const [finishedShoeId, setFinishedShoeId] = useState<string | null>(null);

  const inPlay = hand !== null && hand.phase !== 'Settled';
  const playerShoeId = player && player.shoeId !== NIL_ID ? player.shoeId : null;
  const shoeId = inPlay ? hand.shoeId : (nextShoe?.id ?? playerShoeId ?? hand?.shoeId ?? null);
  const answered = dealt?.shoeId === shoeId ? dealt : null;
  const committed = nextShoe && nextShoe.id === shoeId ? nextShoe : null;
  const { currentData: shoe } = useGetShoeQuery(shoeId && !answered && !committed ? shoeId : skipToken);

  const ownHand = hand && hand.shoeId === shoeId ? hand : null;
  const locked = Boolean(answered || ownHand || (shoe && shoe.handCount > 0));
  const houseSeedHash = answered?.houseSeedHash ?? committed?.houseSeedHash ?? shoe?.houseSeedHash ?? '';
  const handsDealt = ownHand ? ownHand.handNumber : (shoe?.handCount ?? 0);

  useEffect(() => {
    if (!shoeId || locked || draft?.shoeId === shoeId) return;
    const seed = storedSeed(shoeId) ?? randomSeed();
    storeSeed(shoeId, seed);
    setDraft({ shoeId, seed });
  }, [draft?.shoeId, locked, shoeId]);

  const playerSeed = locked ? (answered?.playerSeed ?? shoe?.playerSeed ?? '') : draft?.shoeId === shoeId ? draft.seed : '';
  const setPlayerSeed = useCallback(
    (seed: string) => {
      if (!shoeId || locked) return;
      storeSeed(shoeId, seed);
      setDraft({ shoeId, seed });
    },
    [locked, shoeId],
  );
  const newPlayerSeed = useCallback(() => setPlayerSeed(randomSeed()), [setPlayerSeed]);

  /** The seed to send with a deal: none once the shoe is under way; a fresh one if the draft is not a seed. */
  const seedForDeal = useCallback((): { seed: string | null; replaced: boolean } => {
    if (locked) return { seed: null, replaced: false };
    if (isValidSeed(playerSeed)) return { seed: playerSeed, replaced: false };
    const seed = randomSeed();
    setPlayerSeed(seed);
    return { seed, replaced: true };
  }, [locked, playerSeed, setPlayerSeed]);

  /** Every hand answer: a shoe's last hand retires it and commits the next. */
  const onAnswer = useCallback((answer: HandActionResponse) => {
    if (!answer.nextShoe) return;
    setNextShoe(answer.nextShoe);
    setFinishedShoeId(answer.hand.shoeId);
  }, []);

  const onDealt = useCallback(
    (answer: ActionResponse) => {
      setDealt({ shoeId: answer.hand.shoeId, playerSeed: answer.playerSeed, houseSeedHash: answer.houseSeedHash });
      if (nextShoe && nextShoe.id === answer.hand.shoeId) setFinishedShoeId(null);
      setRetiredShoe(null);
      onAnswer(answer);
    },
    [nextShoe, onAnswer],
  );

  const onRetired = useCallback((answer: RetireShoeResponse) => {
    setRetiredShoe(answer.retired);
    setNextShoe(answer.next);
    setFinishedShoeId(null);
  }, []);

  return {
    view: { shoeId, playerSeed, setPlayerSeed, newPlayerSeed, locked, houseSeedHash, handsDealt, retiredShoe, finishedShoeId },
    seedForDeal,
    onAnswer,
    onDealt,
    onRetired,
  };
}

export type SeedsView = ReturnType<typeof useSeeds>['view'];
