import type { AnimateResponse, BonusDecisionResponse, CoachWeek, LimitsRequest, PlayerLimits, RedeemCodeRequest, SelfExcludeResponse } from '@bahati/contracts';
import { api } from '@/lib/api';

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The strategy coach's last 7 days: the expected value the player's own decisions gave away against basic strategy. */
    getCoachWeek: build.query<CoachWeek, void>({
      query: () => 'players/coach/week',
    }),
    /** Excludes at once (true, which also cancels a lift waiting) or asks for the lift after the cooling-off (false). */
    setSelfExclude: build.mutation<SelfExcludeResponse, boolean>({
      query: (value) => ({ url: `players/selfexclude/${value}`, method: 'POST' }),
      onQueryStarted: (_value, { dispatch, queryFulfilled }) =>
        queryFulfilled.then(
          ({ data }) =>
            void dispatch(
              api.util.updateQueryData('getPlayer', undefined, (player) => {
                player.selfExclude = data.selfExclude;
                player.selfExclusionLiftsAt = data.selfExclusionLiftsAt;
              }),
            ),
          () => undefined,
        ),
    }),
    /** The table's deal animations; the switch moves at once and goes back if the server refuses. */
    setAnimate: build.mutation<AnimateResponse, boolean>({
      query: (value) => ({ url: `players/animate/${value}`, method: 'POST' }),
      async onQueryStarted(value, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          api.util.updateQueryData('getPlayer', undefined, (player) => {
            player.animate = value;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    /** Redeeming is the player's consent: the bonus is Accepted and credited at once. */
    /** The Idempotency-Key makes a double click, or a retry after a lost answer, redeem once and answer the same. */
    redeemCode: build.mutation<BonusDecisionResponse, RedeemCodeRequest & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({ url: 'players/redeemcode', method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: (result) => (result ? ['Bonus', 'Ledger'] : []),
      onQueryStarted: (_body, { dispatch, queryFulfilled }) =>
        queryFulfilled.then(({ data }) => void dispatch(api.util.upsertQueryData('getBank', undefined, data.bank)), () => undefined),
    }),
    /** Only the limits that changed; the answer is every limit as it stands now (what applies, what waits). */
    setLimits: build.mutation<PlayerLimits, LimitsRequest>({
      query: (body) => ({ url: 'players/limits', method: 'PUT', body }),
      onQueryStarted: (_body, { dispatch, queryFulfilled }) =>
        queryFulfilled.then(({ data }) => void dispatch(api.util.upsertQueryData('getLimits', undefined, data)), () => undefined),
    }),
  }),
});

export const { useGetCoachWeekQuery, useSetSelfExcludeMutation, useSetAnimateMutation, useRedeemCodeMutation, useSetLimitsMutation } = profileApi;
