import type { WithdrawRequest, WithdrawRequestView } from '@bahati/contracts';
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
      invalidatesTags: ['WithdrawRequest', 'Bank', 'Ledger'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data: bank } = await queryFulfilled;
          void dispatch(api.util.upsertQueryData('getBank', undefined, bank));
        } catch {
          // The screen shows the error.
        }
      },
    }),
  }),
});

export const { useGetWithdrawRequestsQuery, useRequestWithdrawalMutation } = withdrawApi;
