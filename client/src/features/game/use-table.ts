import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  MAX_BET,
  NIL_ID,
  type Hand,
  type HandAction,
  type HandActionResponse,
  type NextShoe,
  type Shoe,
} from '@bahati/contracts';
import { useAppDispatch } from '@/app/hooks';
import { PhoneChallengeDismissed, runWithPhoneChallenge } from '@/components/phone-verify/phone-challenge';
import { api, apiErrorCode, useGetBankQuery, useGetPlayerQuery, useGetShoeQuery } from '@/lib/api';
import { useLocalizePath } from '@/i18n/use-localized-path';
import { dealSequence, EMPTY_SEQUENCE, type Sequence } from './deal-sequence';
import { useActMutation, useDealMutation, useRetireShoeMutation } from './game-api';
import { isValidSeed, randomSeed, storeBet, storedBet, storedSeed, storeSeed } from './seeds';

export type Mode = 'loading' | 'betting' | 'insurance' | 'evenMoney' | 'playing';

export interface Notice {
  id: number;
  tone: 'error' | 'info' | 'warning' | 'success';
  text: string;
  link?: { to: string; label: string };
}

/** Bank below this: the bet follows the bank (spec §5). */
const MIN_CHIP = 1_000;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/**
 * The table's state: the hand from the server's answers, the bet, seeds, the card sequence in flight
 * and the notices. Scores, results and a settling bank wait until the cards have landed (spec §4).
 */
export function useTable() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const dispatch = useAppDispatch();

  const playerQuery = useGetPlayerQuery(undefined, { refetchOnMountOrArgChange: true });
  const player = playerQuery.data;
  const { data: bank } = useGetBankQuery();
  const [deal] = useDealMutation();
  const [act] = useActMutation();
  const [retire] = useRetireShoeMutation();

  const [hand, setHand] = useState<Hand | null>(null);
  const [shown, setShown] = useState<Hand | null>(null);
  const [sequence, setSequence] = useState<Sequence>(EMPTY_SEQUENCE);
  const [animating, setAnimating] = useState(false);
  const [pending, setPending] = useState(false);
  const [resumed, setResumed] = useState(false);
  const [heldBank, setHeldBank] = useState<number | null>(null);
  const [bet, setBet] = useState(storedBet);
  const [lastBet, setLastBet] = useState(storedBet);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [nextShoe, setNextShoe] = useState<NextShoe | null>(null);
  const [dealSeeds, setDealSeeds] = useState<{ shoeId: string; playerSeed: string; houseSeedHash: string } | null>(null);
  const [seedDraft, setSeedDraft] = useState<{ shoeId: string; seed: string } | null>(null);
  const [retiredShoe, setRetiredShoe] = useState<Shoe | null>(null);
  const [finishedShoeId, setFinishedShoeId] = useState<string | null>(null);

  const handRef = useRef<Hand | null>(null);
  const timerRef = useRef<number | undefined>(undefined);
  const noticeId = useRef(0);
  const bankRef = useRef(bank);
  bankRef.current = bank;

  useEffect(() => () => window.clearTimeout(timerRef.current), []);

  const say = useCallback((tone: Notice['tone'], text: string, link?: Notice['link']) => {
    noticeId.current += 1;
    setNotice({ id: noticeId.current, tone, text, link });
  }, []);
  const dismissNotice = useCallback(() => setNotice(null), []);

  const setBank = useCallback(
    (value: number) => void dispatch(api.util.upsertQueryData('getBank', undefined, value)),
    [dispatch],
  );

  // ---- shoe and seeds -------------------------------------------------------------------------
  const inPlay = hand !== null && hand.phase !== 'Settled';
  const playerShoeId = player && player.shoeId !== NIL_ID ? player.shoeId : null;
  const shoeId = inPlay ? hand.shoeId : (nextShoe?.id ?? playerShoeId ?? hand?.shoeId ?? null);
  const shoeQuery = useGetShoeQuery(shoeId ?? '', { skip: !shoeId });
  const shoe = shoeQuery.data && shoeQuery.data.id === shoeId ? shoeQuery.data : undefined;
  // A shoe committed a moment ago may not be readable yet (its read model catches up): ask again.
  const shoeRetries = useRef(0);
  const refetchShoe = useRef(shoeQuery.refetch);
  refetchShoe.current = shoeQuery.refetch;
  const shoeFailed = shoeQuery.isError && !shoeQuery.isFetching;
  useEffect(() => {
    if (!shoeFailed || shoeRetries.current >= 5) return;
    const timer = window.setTimeout(() => {
      shoeRetries.current += 1;
      void refetchShoe.current();
    }, 800);
    return () => window.clearTimeout(timer);
  }, [shoeFailed, shoeId]);
  const dealt = dealSeeds && dealSeeds.shoeId === shoeId ? dealSeeds : null;
  const seedLocked = Boolean(dealt || (shoe && shoe.handCount > 0) || (hand && hand.shoeId === shoeId));
  const houseSeedHash = dealt?.houseSeedHash ?? (nextShoe?.id === shoeId ? nextShoe.houseSeedHash : undefined) ?? shoe?.houseSeedHash ?? '';
  const lockedSeed = dealt?.playerSeed ?? shoe?.playerSeed ?? '';
  const handsDealtInShoe = hand && hand.shoeId === shoeId ? hand.handNumber : (shoe?.handCount ?? 0);

  useEffect(() => {
    if (!shoeId || seedLocked || seedDraft?.shoeId === shoeId) return;
    const seed = storedSeed(shoeId) ?? randomSeed();
    storeSeed(shoeId, seed);
    setSeedDraft({ shoeId, seed });
  }, [seedDraft?.shoeId, seedLocked, shoeId]);

  const playerSeed = seedLocked ? lockedSeed : seedDraft?.shoeId === shoeId ? seedDraft.seed : '';
  const setPlayerSeed = useCallback(
    (seed: string) => {
      if (!shoeId || seedLocked) return;
      storeSeed(shoeId, seed);
      setSeedDraft({ shoeId, seed });
    },
    [seedLocked, shoeId],
  );
  const newPlayerSeed = useCallback(() => setPlayerSeed(randomSeed()), [setPlayerSeed]);

  // ---- answers --------------------------------------------------------------------------------
  const landed = useCallback(
    (previous: Hand | null, next: Hand, response: HandActionResponse) => {
      const tookInsurance = previous?.phase === 'InsuranceOffered' && next.insuranceBet > 0;
      if (tookInsurance && (next.phase === 'PlayerTurn' || next.dealerBlackjack === false)) {
        say('info', t('game.notices.insuranceLost'));
      }
      if (response.nextShoe) {
        say('success', t('game.notices.shoeFinished'), { to: `/provable?id=${next.shoeId}`, label: t('game.notices.verifyShoe') });
      }
      setAnnouncement(describeHand(next));
    },
    [say, t],
  );

  const describeHand = (h: Hand): string => {
    const parts: string[] = [];
    const dealerCards = h.dealerHand.cards.filter((c) => !c.faceDown).length;
    if (dealerCards) parts.push(t('game.announce.dealer', { score: scoreText(h.dealerHand.displayScore) }));
    h.playerHands.forEach((ph, i) => {
      const base =
        h.playerHands.length > 1
          ? t('game.announce.handN', { n: i + 1, score: scoreText(ph.displayScore) })
          : t('game.announce.hand', { score: scoreText(ph.displayScore) });
      parts.push(h.phase === 'Settled' ? `${base} ${resultText(ph.handState, ph.winAmount)}` : base);
    });
    if (h.phase === 'InsuranceOffered') parts.push(t('game.prompt.insurance'));
    if (h.phase === 'EvenMoneyOffered') parts.push(t('game.prompt.evenMoney'));
    return parts.join('. ');
  };
  const scoreText = (score: string) => (score === 'Bust' ? t('game.score.bust') : score);
  const resultText = (state: string, win: number | null) => {
    switch (state) {
      case 'Win':
        return t('game.result.winAmount', { amount: (win ?? 0).toLocaleString() });
      case 'EvenMoney':
        return t('game.result.evenMoneyAmount', { amount: (win ?? 0).toLocaleString() });
      case 'Push':
        return t('game.result.push');
      case 'Lost':
        return t('game.result.lost');
      default:
        return '';
    }
  };

  const apply = useCallback(
    (response: HandActionResponse, options: { animate?: boolean } = {}) => {
      const previous = handRef.current;
      const next = response.hand;
      const seq = options.animate === false ? EMPTY_SEQUENCE : dealSequence(previous, next, prefersReducedMotion());
      handRef.current = next;
      window.clearTimeout(timerRef.current);
      setHand(next);
      setSequence(seq);
      const settles = next.phase === 'Settled';
      if (response.bank !== null) {
        if (settles && seq.total > 0) setHeldBank(bankRef.current ?? null);
        else setBank(response.bank);
      }
      if (response.nextShoe) {
        setNextShoe(response.nextShoe);
        setFinishedShoeId(next.shoeId);
      }
      const finish = () => {
        setShown(next);
        setAnimating(false);
        if (settles && response.bank !== null) {
          setBank(response.bank);
          setHeldBank(null);
        }
        landed(previous, next, response);
      };
      if (seq.total > 0) {
        setAnimating(true);
        timerRef.current = window.setTimeout(finish, seq.total);
      } else {
        finish();
      }
    },
    [landed, setBank],
  );

  /** Loads the hand in play (reload, or the server says one is active). */
  const resume = useCallback(async () => {
    const fresh = await dispatch(api.endpoints.getPlayer.initiate(undefined, { forceRefetch: true })).unwrap();
    if (!fresh.activeHandId) {
      setResumed(true);
      return;
    }
    const active = await dispatch(api.endpoints.getHand.initiate(fresh.activeHandId, { forceRefetch: true })).unwrap();
    apply({ hand: active, bank: null, winAmount: null, nextShoe: null }, { animate: false });
    setLastBet(active.baseBetAmount);
    setBet(active.baseBetAmount);
    setResumed(true);
  }, [apply, dispatch]);

  useEffect(() => {
    if (resumed || !player || playerQuery.isFetching) return;
    if (!player.activeHandId) {
      setResumed(true);
      return;
    }
    resume().catch(() => setResumed(true));
  }, [player, playerQuery.isFetching, resume, resumed]);

  const fail = useCallback(
    (error: unknown) => {
      if (error instanceof PhoneChallengeDismissed) {
        say('warning', t('game.errors.PhoneVerifyRequired'), { to: '/phone-verify', label: t('game.notices.verifyPhone') });
        return;
      }
      const code = apiErrorCode(error);
      switch (code) {
        case 'Banned':
          navigate(localize('/suspect'));
          return;
        case 'SelfExcluded':
          navigate(localize('/self-excluded'));
          return;
        case 'ActiveHand':
        case 'NoActiveHand':
          say('info', t(`game.errors.${code}`));
          void resume().catch(() => undefined);
          return;
        case 'BankTooLow':
          say('error', t('game.errors.BankTooLow'), { to: '/deposit', label: t('game.notices.deposit') });
          return;
        case 'PhoneVerifyRequired':
          say('warning', t('game.errors.PhoneVerifyRequired'), { to: '/phone-verify', label: t('game.notices.verifyPhone') });
          return;
        default:
          if (code && i18n.exists(`game.errors.${code}`)) say('error', t(`game.errors.${code}` as 'game.errors.unexpected'));
          else say('error', t('game.errors.unexpected'));
      }
    },
    [i18n, localize, navigate, resume, say, t],
  );

  // ---- betting --------------------------------------------------------------------------------
  const settledOrEmpty = !inPlay;
  const bankKnown = bank !== undefined;
  const currentBank = bank ?? 0;

  useEffect(() => {
    if (!inPlay && bankKnown && currentBank > 0 && currentBank < MIN_CHIP && bet !== currentBank) {
      setBet(currentBank);
      say('info', t('game.notices.betAdjusted', { amount: currentBank.toLocaleString() }));
    }
    // Only when the bank changes between hands.
  }, [currentBank, bankKnown, inPlay]);

  const addChip = useCallback(
    (value: number) => {
      if (inPlay || pending) return;
      if (currentBank <= 0) {
        say('warning', t('game.errors.depositFirst'), { to: '/deposit', label: t('game.notices.deposit') });
        return;
      }
      if (currentBank < MIN_CHIP) {
        setBet(currentBank);
        say('info', t('game.notices.betAdjusted', { amount: currentBank.toLocaleString() }));
        return;
      }
      let next = bet + value;
      if (next > MAX_BET) {
        next = MAX_BET;
        say('info', t('game.notices.maxBet', { amount: MAX_BET.toLocaleString() }));
      }
      if (next > currentBank) {
        next = currentBank;
        say('info', t('game.notices.betCapped'));
      }
      setBet(next);
    },
    [bet, currentBank, inPlay, pending, say, t],
  );

  const clearBet = useCallback(() => {
    if (inPlay || pending) return;
    setBet(0);
  }, [inPlay, pending]);

  const onDeal = useCallback(async () => {
    if (inPlay || pending || animating) return;
    if (currentBank <= 0) {
      say('warning', t('game.errors.depositFirst'), { to: '/deposit', label: t('game.notices.deposit') });
      return;
    }
    if (bet <= 0) {
      say('info', t('game.errors.zeroBet'));
      return;
    }
    if (bet > currentBank) {
      say('error', t('game.errors.betAboveBank'));
      return;
    }
    let seed: string | undefined;
    if (!seedLocked) {
      seed = playerSeed;
      if (!isValidSeed(seed)) {
        seed = randomSeed();
        setPlayerSeed(seed);
        say('info', t('game.notices.seedReplaced'));
      }
    }
    setPending(true);
    setNotice(null);
    try {
      const response = await runWithPhoneChallenge(() => deal({ betAmount: bet, playerSeed: seed ?? null }).unwrap());
      setLastBet(bet);
      storeBet(bet);
      setDealSeeds({ shoeId: response.hand.shoeId, playerSeed: response.playerSeed, houseSeedHash: response.houseSeedHash });
      if (nextShoe && nextShoe.id === response.hand.shoeId) setFinishedShoeId(null);
      setRetiredShoe(null);
      apply(response);
    } catch (error) {
      fail(error);
    } finally {
      setPending(false);
    }
  }, [animating, apply, bet, currentBank, deal, fail, inPlay, nextShoe, pending, playerSeed, say, seedLocked, setPlayerSeed, t]);

  // ---- actions --------------------------------------------------------------------------------
  const active = hand && hand.activeHandIndex !== null ? (hand.playerHands[hand.activeHandIndex] ?? null) : null;
  const allowed = useCallback((action: HandAction) => Boolean(hand && hand.allowedActions.includes(action)), [hand]);
  /** Double or split would be allowed but for the bank: the button stays on and explains (spec §5). */
  const blockedByBank = useCallback(
    (action: 'double' | 'split') => {
      if (!hand || hand.phase !== 'PlayerTurn' || !active || active.cards.length !== 2 || allowed(action)) return false;
      const stake = hand.baseBetAmount;
      if (currentBank >= stake) return false;
      if (action === 'split') return active.cards[0]!.value === active.cards[1]!.value && hand.playerHands.length < 4;
      return true;
    },
    [active, allowed, currentBank, hand],
  );

  const onAction = useCallback(
    async (action: HandAction) => {
      if (!hand || pending || animating) return;
      if ((action === 'double' || action === 'split') && blockedByBank(action)) {
        say('error', t('game.errors.actionAboveBank'));
        return;
      }
      if (!allowed(action)) return;
      setPending(true);
      setNotice(null);
      try {
        apply(await act(action).unwrap());
      } catch (error) {
        fail(error);
      } finally {
        setPending(false);
      }
    },
    [act, allowed, animating, apply, blockedByBank, fail, hand, pending, say, t],
  );

  const onRetireShoe = useCallback(async () => {
    if (inPlay || pending) return;
    setPending(true);
    try {
      const response = await retire().unwrap();
      setRetiredShoe(response.retired);
      setNextShoe(response.next);
      setFinishedShoeId(null);
    } catch (error) {
      fail(error);
    } finally {
      setPending(false);
    }
  }, [fail, inPlay, pending, retire]);

  const mode: Mode = !resumed || !player ? 'loading' : !hand || hand.phase === 'Settled' ? 'betting' : hand.phase === 'InsuranceOffered' ? 'insurance' : hand.phase === 'EvenMoneyOffered' ? 'evenMoney' : 'playing';
  const busy = pending || animating;

  return useMemo(
    () => ({
      player,
      mode,
      hand,
      shown,
      sequence,
      animating,
      pending,
      busy,
      bank: heldBank ?? bank,
      bet,
      lastBet,
      betShown: inPlay && hand ? hand.baseBetAmount : bet,
      settledOrEmpty,
      notice,
      announcement,
      dismissNotice,
      addChip,
      clearBet,
      onDeal,
      onAction,
      allowed,
      blockedByBank,
      seeds: {
        shoeId,
        playerSeed,
        setPlayerSeed,
        newPlayerSeed,
        locked: seedLocked,
        houseSeedHash,
        handsDealt: handsDealtInShoe,
        retiredShoe,
        finishedShoeId,
        onRetireShoe,
        canRetire: !inPlay && seedLocked && !pending,
      },
    }),
    [
      player, mode, hand, shown, sequence, animating, pending, busy, heldBank, bank, bet, lastBet, inPlay, settledOrEmpty, notice,
      announcement, dismissNotice, addChip, clearBet, onDeal, onAction, allowed, blockedByBank, shoeId, playerSeed, setPlayerSeed,
      newPlayerSeed, seedLocked, houseSeedHash, handsDealtInShoe, retiredShoe, finishedShoeId, onRetireShoe,
    ],
  );
}

export type TableState = ReturnType<typeof useTable>;
