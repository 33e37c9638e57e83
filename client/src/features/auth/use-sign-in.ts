import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '@/app/hooks';
import { api, apiErrorCode } from '@/lib/api';
import { signedIn } from '@/lib/session';
import { useLocalizePath } from '@/i18n/use-localized-path';
import { useLoginMutation } from './auth-api';

type SignInStatus = 'idle' | 'pending' | 'failed';

/**
 * Spec §4: credential → login → store the jwt → load the bank → the table when there is
 * money in the bank, the deposit page otherwise; a blocked region goes to its own page.
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
      let bank = 0;
      try {
        bank = await dispatch(api.endpoints.getBank.initiate(undefined, { subscribe: false, forceRefetch: true })).unwrap();
      } catch (error) {
        console.error('Could not load the bank after sign-in', error);
      }
      setStatus('idle');
      navigate(localize(bank > 0 ? '/game' : '/deposit'), { replace: true });
    },
    [dispatch, localize, login, navigate],
  );

  const fail = useCallback(() => setStatus('failed'), []);

  return { signIn, fail, status, isPending: status === 'pending', isFailed: status === 'failed' };
}
