import { useSelector } from 'react-redux';
import { useGetPlayerQuery } from './api';
import { selectJwt, type SessionRootState } from './session';

/** The signed-in player (undefined when signed out or still loading). */
export function useCurrentPlayer() {
  const jwt = useSelector((state: SessionRootState) => selectJwt(state));
  const query = useGetPlayerQuery(undefined, { skip: !jwt });
  return {
    isSignedIn: jwt !== null,
    player: jwt ? query.data : undefined,
    isLoading: jwt !== null && query.isLoading,
    isError: jwt !== null && query.isError,
    refetch: query.refetch,
  };
}
