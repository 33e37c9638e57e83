import type { WithdrawalRisk, WithdrawRequestView } from '@bahati/contracts';
import { api } from '@/lib/api';

/** The decided request replaces its row at once, so the links disappear with the answer. */
async function replaceRow(
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: WithdrawRequestView }> },
) {
  try {
    const { data: updated } = await queryFulfilled;
    dispatch(
      adminWithdrawalsApi.util.updateQueryData('getAdminWithdrawRequests', undefined, (rows) =>
        rows.map((row) => (row.id === updated.id ? updated : row)),
      ),
    );
  } catch {
    // The page shows the server's error text.
  }
}

export const adminWithdrawalsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminWithdrawRequests: build.query<WithdrawRequestView[], void>({
      query: () => 'players/adminwithdrawrequests',
      providesTags: ['AdminWithdrawRequest'],
    }),
    /** What to weigh before paying each request in review; read again with the queue after every decision. */
    getWithdrawRisk: build.query<WithdrawalRisk[], void>({
      query: () => 'admin/withdraw-risk',
      providesTags: ['AdminWithdrawRequest'],
    }),
    /** Approves (or retries the payout of) a request; `reason` is kept in the audit log (required of a player held for review). */
    approveWithdrawRequest: build.mutation<WithdrawRequestView, { id: string; reason?: string }>({
      query: ({ id, reason }) => ({ url: 'players/approvewithdrawrequest', method: 'PUT', params: { id }, body: reason === undefined ? {} : { reason } }),
      invalidatesTags: ['AdminWithdrawRequest', 'WithdrawRequest'],
      onQueryStarted: (_args, lifecycle) => replaceRow(lifecycle),
    }),
    declineWithdrawRequest: build.mutation<WithdrawRequestView, { id: string; reason?: string }>({
      query: ({ id, reason }) => ({ url: 'players/declinewithdrawrequest', method: 'PUT', params: { id }, body: reason === undefined ? {} : { reason } }),
      invalidatesTags: ['AdminWithdrawRequest', 'WithdrawRequest', 'Bank'],
      onQueryStarted: (_id, lifecycle) => replaceRow(lifecycle),
    }),
  }),
});

export const { useGetAdminWithdrawRequestsQuery, useGetWithdrawRiskQuery, useApproveWithdrawRequestMutation, useDeclineWithdrawRequestMutation } =
  adminWithdrawalsApi;
