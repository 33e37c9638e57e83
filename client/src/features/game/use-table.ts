import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HandAction } from '@bahati/contracts';
import { runWithPhoneChallenge } from '@/components/phone-verify/phone-challenge';
import { useActMutation, useDealMutation, useRetireShoeMutation } from './game-api';
import { useDealSpeed } from '@/lib/deal-speed';
import { usePreference } from './preferences';
import { playCards } from './sound';
import { useAnswerFeedback } from './use-answer-feedback';
import { useBet } from './use-bet';
import { useChipSounds } from './use-chip-sounds';
import { useHand } from './use-hand';
import { useSeeds } from './use-seeds';
import { type NoticeContext, useTableNotices } from './use-table-notices';

export type { Mode } from './use-hand';

/** The blackjack table: the server's hand, the bet, the seeds and the notices, and the player's moves. */
export function useTable() {
  const { t } = useTranslation();
  const notices = useTableNotices();
  const { say, announce, dismiss, report } = notices;
  const [deal] = useDealMutation();
  const [act] = useActMutation();
  const [retire] = useRetireShoeMutation();
  const [pending, setPending] = useState(false);
  const [sound, setSound] = usePreference('bahati.sound', false);
  const [coach, setCoach] = usePreference('bahati.coach', false);
  const [speed, setSpeed] = useDealSpeed();
  const soundRef = useRef(sound);
  soundRef.current = sound;

  const landed = useAnswerFeedback({ say, announce, soundRef });

  const table = useHand(landed, speed);
  const { hand, inPlay, apply, resync, allowed, blockedByBank } = table;
  const betting = useBet({ bank: table.bank, hand, locked: pending, say });
  const seeds = useSeeds(table.player, hand);
  const busy = pending || table.inFlight;

  // A notice leaves the table once its reason is gone: a bet placed, money deposited, a new hand dealt.
  const context = useMemo<NoticeContext>(
    () => ({
      bet: betting.bet,
      bank: table.bank ?? 0,
      betProblem: betting.problem !== null,
      handId: hand?.id ?? '',
      phase: hand?.phase ?? '',
      phoneVerified: Boolean(table.player?.verifiedPhoneNumber),
    }),
    [betting.bet, betting.problem, hand?.id, hand?.phase, table.bank, table.player?.verifiedPhoneNumber],
  );
  const contextRef = useRef(context);
  contextRef.current = context;
  const { notice } = notices;
  useEffect(() => {
    if (notice?.clearWhen?.(context)) dismiss();
  }, [context, dismiss, notice]);

  // Cards dealt make their sound as they fly (each at its own delay).
  const { sequence } = table;
  useEffect(() => {
    if (sound && sequence.entering.size > 0) playCards(Object.entries(sequence.delays).filter(([key]) => sequence.entering.has(key)).map(([, ms]) => ms));
  }, [sequence, sound]);

  /** One request at a time; a refusal becomes a notice, and a table out of step loads the server's hand. */
  const run = useCallback(
    async (request: () => Promise<void>) => {
      setPending(true);
      const before = contextRef.current;
      try {
        await request();
      } catch (error) {
        if (report(error, before) === 'outOfStep') resync().catch(() => undefined);
      } finally {
        setPending(false);
      }
    },
    [report, resync],
  );

  const onDeal = useCallback(async () => {
    if (inPlay || busy || !betting.ready()) return;
    dismiss();
    const { seed, replaced } = seeds.seedForDeal();
    if (replaced) say('info', t('game.notices.seedReplaced'));
    await run(async () => {
      const answer = await runWithPhoneChallenge(() => deal({ betAmount: betting.bet, playerSeed: seed }).unwrap());
      seeds.onDealt(answer);
      apply(answer);
    });
  }, [apply, betting, busy, deal, dismiss, inPlay, run, say, seeds, t]);

  const onAction = useCallback(
    async (action: HandAction) => {
      if (!hand || busy) return;
      if ((action === 'double' || action === 'split') && blockedByBank(action)) {
        const before = contextRef.current;
        return say('error', t('game.errors.actionAboveBank'), undefined, (c) => c.bank !== before.bank || c.handId !== before.handId || c.phase !== before.phase);
      }
      if (!allowed(action)) return;
      dismiss();
      await run(async () => {
        const answer = await act(action).unwrap();
        seeds.onAnswer(answer);
        apply(answer);
      });
    },
    [act, allowed, apply, blockedByBank, busy, dismiss, hand, run, say, seeds, t],
  );

  const onRetireShoe = useCallback(async () => {
    if (inPlay || pending) return;
    await run(async () => seeds.onRetired(await retire().unwrap()));
  }, [inPlay, pending, retire, run, seeds]);

  // Chips, ½ and 2× click when the sound is on.
  const { addChip, halveBet, doubleBet } = useChipSounds({ bet: betting, soundRef, inPlay, pending });

  return {
    mode: table.mode,
    hand,
    shown: table.shown,
    sequence: table.sequence,
    onCard: table.onCard,
    speed,
    setSpeed,
    animating: table.inFlight,
    pending,
    busy,
    bank: table.bank,
    bet: betting.bet,
    lastBet: betting.lastBet,
    betShown: betting.shown,
    addChip,
    clearBet: betting.clearBet,
    halveBet,
    doubleBet,
    betText: betting.text,
    typeBet: betting.typeBet,
    betProblem: betting.problem,
    notice: notices.notice,
    announcement: notices.announcement,
    dismissNotice: dismiss,
    onDeal,
    onAction,
    allowed,
    blockedByBank,
    sound,
    setSound,
    coach,
    setCoach,
    seeds: { ...seeds.view, onRetireShoe, canRetire: !inPlay && seeds.view.locked && !pending },
  };
}

export type TableState = ReturnType<typeof useTable>;
