import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PhoneChallengeDismissed } from '@/components/phone-verify/phone-challenge';
import { apiErrorCode, apiErrorMessage, apiErrorStatus } from '@/lib/api';
import { useLocalizePath } from '@/i18n/use-localized-path';

/** What a notice's reason is checked against as the table changes. */
export interface NoticeContext {
  bet: number;
  bank: number;
  /** The bet box holds text the table refuses. */
  betProblem: boolean;
  /** The hand on the table and its phase ('' for none). */
  handId: string;
  phase: string;
  phoneVerified: boolean;
}

export interface Notice {
  id: number;
  tone: 'error' | 'info' | 'warning' | 'success';
  text: string;
  link?: { to: string; label: string };
  /** The notice's reason is gone: it leaves the table (checked whenever the table changes). */
  clearWhen?: (now: NoticeContext) => boolean;
}

export type Say = (tone: Notice['tone'], text: string, link?: Notice['link'], clearWhen?: Notice['clearWhen']) => void;

/**
 * The table's notice (one at a time, over the felt), what the screen reader hears when cards land,
 * and where a refused request leads. `report` answers 'outOfStep' when the server's hand is not the
 * one on the table, so the caller can load it.
 */
export function useTableNotices() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const lastId = useRef(0);

  const say = useCallback<Say>((tone, text, link, clearWhen) => {
    lastId.current += 1;
    setNotice({ id: lastId.current, tone, text, link, clearWhen });
  }, []);
  const dismiss = useCallback(() => setNotice(null), []);

  /**
   * Where a refused request leads. `before` is the table when the request went out: a refusal's notice
   * leaves once what caused it has changed (the bank, the bet, the hand, a verified phone).
   */
  const report = useCallback(
    (error: unknown, before?: NoticeContext): 'outOfStep' | undefined => {
      const verifyPhone = { to: '/phone-verify', label: t('game.notices.verifyPhone') };
      const phoneVerified = (c: NoticeContext) => c.phoneVerified;
      const moved = (c: NoticeContext) => before !== undefined && (c.bank !== before.bank || c.bet !== before.bet || c.handId !== before.handId || c.phase !== before.phase);
      if (error instanceof PhoneChallengeDismissed) return void say('warning', t('game.errors.phoneRequired'), verifyPhone, phoneVerified);
      // The session has ended: the shell takes the player to sign in again.
      if (apiErrorStatus(error) === 401) return;
      const code = apiErrorCode(error);
      const message = apiErrorMessage(t, error) ?? t('game.errors.unexpected');
      switch (code) {
        case 'Banned':
          return void navigate(localize('/suspect'));
        case 'SelfExcluded':
          return void navigate(localize('/self-excluded'));
        case 'ActiveHand':
        case 'NoActiveHand':
          say('info', message);
          return 'outOfStep';
        case 'BankTooLow':
          return void say('error', message, { to: '/deposit', label: t('game.notices.deposit') }, moved);
        case 'PhoneVerifyRequired':
          return void say('warning', t('game.errors.phoneRequired'), verifyPhone, phoneVerified);
        case 'LimitReached':
          return void say('error', message, { to: '/profile#limits', label: t('game.notices.limits') }, moved);
        default:
          return void say('error', message, undefined, moved);
      }
    },
    [localize, navigate, say, t],
  );

  return { notice, announcement, announce: setAnnouncement, say, dismiss, report };
}
