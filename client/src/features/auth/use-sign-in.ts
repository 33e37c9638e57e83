import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '@/app/hooks';
import { api, apiErrorCode } from '@/lib/api';
import { signedIn } from '@/lib/session';
import { useLocalizePath } from '@/i18n/use-localized-path';
import { useLoginMutation } from './auth-api';

type SignInStatus = 'idle' | 'pending' | 'failed';

/**
 * Spec §4: credential → login → store the jwt → load the player and the bank → the table when there is
 * money in the bank, the deposit page otherwise; a blocked region goes to its own page, a banned player
 * to the suspension page and a self-excluded one to the self-exclusion notice.
 */
export function useSignIn() {
  const [login] = useLoginMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const [status, setStatus] = useState<SignInStatus>('idle');

  const signIn = useCallback(
    async (idToken: string, photoUrl: string | null) => {
      setStatus('pending');
      let jwt: string;
      try {
        ({ jwt } = await login({ idToken, photoUrl }).unwrap());
      } catch (error) {
        if (apiErrorCode(error) === 'BlockedByGeolocation') {
          setStatus('idle');
          navigate(localize('/geolocation-blocked'));
          return;
        }
        console.error('Sign-in failed', error);
        setStatus('failed');
        return;
      }

      dispatch(signedIn(jwt));
      const [player, bank] = await Promise.all([
        dispatch(api.endpoints.getPlayer.initiate(undefined, { subscribe: false, forceRefetch: true }))
          .unwrap()
          .catch((error: unknown) => {
            console.error('Could not load the player after sign-in', error);
            return null;
          }),
        dispatch(api.endpoints.getBank.initiate(undefined, { subscribe: false, forceRefetch: true }))
          .unwrap()
          .catch((error: unknown) => {
            console.error('Could not load the bank after sign-in', error);
            return 0;
          }),
      ]);
      setStatus('idle');
      const landing = player?.banned ? '/suspect' : player?.selfExclude ? '/self-excluded' : bank > 0 ? '/game' : '/deposit';
      navigate(localize(landing), { replace: true });
    },
    [dispatch, localize, login, navigate],
  );

  const fail = useCallback(() => setStatus('failed'), []);

  return { signIn, fail, status, isPending: status === 'pending', isFailed: status === 'failed' };
}
