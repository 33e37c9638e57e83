import type { WithdrawCancelResponse, WithdrawRequest, WithdrawRequestView } from '@bahati/contracts';
import { api } from '@/lib/api';

export const withdrawApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWithdrawRequests: build.query<WithdrawRequestView[], void>({
      query: () => 'players/withdrawrequests',
      providesTags: ['WithdrawRequest'],
    }),
    /** Answers the new bank. The Idempotency-Key makes a double click (or a retry) record one request. */
    requestWithdrawal: build.mutation<number, { body: WithdrawRequest; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({
        url: 'players/withdraw',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      // A request ends any bonus offer still open: the bonuses are read again too.
      invalidatesTags: ['WithdrawRequest', 'Bank', 'Ledger', 'Bonus'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data: bank } = await queryFulfilled;
          void dispatch(api.util.upsertQueryData('getBank', undefined, bank));
        } catch {
          // The screen shows the error.
        }
      },
    }),
    /** Cancels one of the player's own requests while it is in review: the amount is back in the bank at once. */
    cancelWithdrawal: build.mutation<WithdrawCancelResponse, string>({
      query: (id) => ({ url: `players/withdrawrequests/${encodeURIComponent(id)}/cancel`, method: 'POST' }),
      invalidatesTags: ['WithdrawRequest', 'AdminWithdrawRequest', 'Bank', 'Ledger'],
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(api.util.upsertQueryData('getBank', undefined, data.bank));
          dispatch(withdrawApi.util.updateQueryData('getWithdrawRequests', undefined, (rows) => rows.map((row) => (row.id === data.request.id ? data.request : row))));
        } catch {
          // The screen shows the error.
        }
      },
    }),
  }),
});

export const { useGetWithdrawRequestsQuery, useRequestWithdrawalMutation, useCancelWithdrawalMutation } = withdrawApi;
