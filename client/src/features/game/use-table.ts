import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Hand, HandAction, HandActionResponse } from '@bahati/contracts';
import { runWithPhoneChallenge } from '@/components/phone-verify/phone-challenge';
import { describeHand } from './announce';
import { useActMutation, useDealMutation, useRetireShoeMutation } from './game-api';
import { useBet } from './use-bet';
import { useHand } from './use-hand';
import { useSeeds } from './use-seeds';
import { useTableNotices } from './use-table-notices';

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

  const landed = useCallback(
    (previous: Hand | null, answer: HandActionResponse) => {
      const next = answer.hand;
      const tookInsurance = previous?.phase === 'InsuranceOffered' && next.insuranceBet > 0;
      if (tookInsurance && (next.phase === 'PlayerTurn' || next.dealerBlackjack === false)) say('info', t('game.notices.insuranceLost'));
      if (answer.nextShoe) {
        say('success', t('game.notices.shoeFinished'), { to: `/provable?id=${next.shoeId}`, label: t('game.notices.verifyShoe') });
      }
      announce(describeHand(t, next));
    },
    [announce, say, t],
  );

  const table = useHand(landed);
  const { hand, inPlay, apply, resync, allowed, blockedByBank } = table;
  const betting = useBet({ bank: table.bank, hand, locked: pending, say });
  const seeds = useSeeds(table.player, hand);
  const busy = pending || table.inFlight;

  /** One request at a time; a refusal becomes a notice, and a table out of step loads the server's hand. */
  const run = useCallback(
    async (request: () => Promise<void>) => {
      setPending(true);
      try {
        await request();
      } catch (error) {
        if (report(error) === 'outOfStep') resync().catch(() => undefined);
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
      if ((action === 'double' || action === 'split') && blockedByBank(action)) return say('error', t('game.errors.actionAboveBank'));
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

  return {
    mode: table.mode,
    hand,
    shown: table.shown,
    sequence: table.sequence,
    animating: table.inFlight,
    pending,
    busy,
    bank: table.bank,
    bet: betting.bet,
    lastBet: betting.lastBet,
    betShown: betting.shown,
    addChip: betting.addChip,
    clearBet: betting.clearBet,
    notice: notices.notice,
    announcement: notices.announcement,
    dismissNotice: dismiss,
    onDeal,
    onAction,
    allowed,
    blockedByBank,
    seeds: { ...seeds.view, onRetireShoe, canRetire: !inPlay && seeds.view.locked && !pending },
  };
}

export type TableState = ReturnType<typeof useTable>;
