import type { ActionResponse, DealRequest, HandAction, HandActionResponse, RetireShoeResponse } from '@bahati/contracts';
import { api } from '@/lib/api';

type Tag = { type: 'Ledger' } | { type: 'Bonus' } | { type: 'Shoe'; id: string };

/**
 * What an answer leaves stale for other screens: the ledger and the bonuses' playthrough (every stake
 * counts toward it) always, and the shoe when a deal counts a hand on it or its last hand retires it.
 * The table itself reads everything it shows from the answer.
 */
function touched(result: HandActionResponse | undefined, dealt: boolean): Tag[] {
  if (!result) return [];
  const tags: Tag[] = [{ type: 'Ledger' }, { type: 'Bonus' }];
  if (dealt || result.nextShoe) tags.push({ type: 'Shoe', id: result.hand.shoeId });
  return tags;
}

/** The player's hand in play and shoe, as an answer leaves them. */
const playerAfter = (answer: HandActionResponse) =>
  api.util.updateQueryData('getPlayer', undefined, (player) => {
    player.activeHandId = answer.hand.phase === 'Settled' ? null : answer.hand.id;
    player.shoeId = answer.nextShoe?.id ?? answer.hand.shoeId;
  });

export const gameApi = api.injectEndpoints({
  endpoints: (build) => ({
    deal: build.mutation<ActionResponse, DealRequest>({
      // The server routes POST /api/hands (a trailing slash, as in spec §7's `hands/`, answers 404).
      query: (body) => ({ url: 'hands', method: 'POST', body }),
      invalidatesTags: (result) => touched(result, true),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => queryFulfilled.then(({ data }) => void dispatch(playerAfter(data)), () => undefined),
    }),
    act: build.mutation<HandActionResponse, HandAction>({
      query: (action) => ({ url: `hands/${action}`, method: 'PUT' }),
      invalidatesTags: (result) => touched(result, false),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => queryFulfilled.then(({ data }) => void dispatch(playerAfter(data)), () => undefined),
    }),
    retireShoe: build.mutation<RetireShoeResponse, void>({
      query: () => ({ url: 'shoes/retire', method: 'PUT' }),
      invalidatesTags: (result) => (result ? ['Ledger'] : []),
      // The answer is the retired shoe with its seeds revealed, and the shoe committed next.
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) =>
        queryFulfilled.then(({ data }) => {
          dispatch(api.util.upsertQueryEntries([{ endpointName: 'getShoe', arg: data.retired.id, value: data.retired }]));
          dispatch(
            api.util.updateQueryData('getPlayer', undefined, (player) => {
              player.shoeId = data.next.id;
            }),
          );
        }, () => undefined),
    }),
  }),
});

export const { useDealMutation, useActMutation, useRetireShoeMutation } = gameApi;
