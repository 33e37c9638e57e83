import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PhoneChallengeDismissed } from '@/components/phone-verify/phone-challenge';
import { apiErrorCode, apiErrorMessage, apiErrorStatus } from '@/lib/api';
import { useLocalizePath } from '@/i18n/use-localized-path';

export interface Notice {
  id: number;
  tone: 'error' | 'info' | 'warning' | 'success';
  text: string;
  link?: { to: string; label: string };
}

export type Say = (tone: Notice['tone'], text: string, link?: Notice['link']) => void;

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

  const say = useCallback<Say>((tone, text, link) => {
    lastId.current += 1;
    setNotice({ id: lastId.current, tone, text, link });
  }, []);
  const dismiss = useCallback(() => setNotice(null), []);

  const report = useCallback(
    (error: unknown): 'outOfStep' | undefined => {
      const verifyPhone = { to: '/phone-verify', label: t('game.notices.verifyPhone') };
      if (error instanceof PhoneChallengeDismissed) return void say('warning', t('game.errors.phoneRequired'), verifyPhone);
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
          return void say('error', message, { to: '/deposit', label: t('game.notices.deposit') });
        case 'PhoneVerifyRequired':
          return void say('warning', t('game.errors.phoneRequired'), verifyPhone);
        case 'LimitReached':
          return void say('error', message, { to: '/profile#limits', label: t('game.notices.limits') });
        default:
          return void say('error', message);
      }
    },
    [localize, navigate, say, t],
  );

  return { notice, announcement, announce: setAnnouncement, say, dismiss, report };
}
