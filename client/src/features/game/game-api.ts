import type { ActionResponse, DealRequest, HandAction, HandActionResponse, RetireShoeResponse } from '@bahati/contracts';
import { api } from '@/lib/api';

/** Tags a hand answer touches: the ledger always; the player (hands played, active hand, shoe) once it settles. */
function touched(result: HandActionResponse | undefined) {
  if (!result) return [];
  const tags: ({ type: 'Ledger' } | { type: 'Player' } | { type: 'Hand'; id: string } | { type: 'Shoe'; id: string })[] = [{ type: 'Ledger' }];
  if (result.hand.phase === 'Settled') tags.push({ type: 'Player' }, { type: 'Hand', id: result.hand.id });
  if (result.nextShoe) tags.push({ type: 'Shoe', id: result.hand.shoeId });
  return tags;
}

export const gameApi = api.injectEndpoints({
  endpoints: (build) => ({
    deal: build.mutation<ActionResponse, DealRequest>({
      // The server routes POST /api/hands (a trailing slash, as in spec §7's `hands/`, answers 404).
      query: (body) => ({ url: 'hands', method: 'POST', body }),
      invalidatesTags: (result) => [...touched(result), ...(result ? [{ type: 'Shoe' as const, id: result.hand.shoeId }] : [])],
    }),
    act: build.mutation<HandActionResponse, HandAction>({
      query: (action) => ({ url: `hands/${action}`, method: 'PUT' }),
      invalidatesTags: (result) => touched(result),
    }),
    retireShoe: build.mutation<RetireShoeResponse, void>({
      query: () => ({ url: 'shoes/retire', method: 'PUT' }),
      invalidatesTags: (result) => (result ? ['Player', 'Ledger', { type: 'Shoe', id: result.retired.id }] : []),
    }),
  }),
});

export const { useDealMutation, useActMutation, useRetireShoeMutation } = gameApi;
